#!/usr/bin/env node
// The kit's command line. The kit is written in TypeScript and runs as it is: tsx, one of its
// dependencies, compiles each file as it loads, in this process and in every process the kit starts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exit(await main(process.argv.slice(2)));
