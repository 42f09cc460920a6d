/** `npm run docs`: writes docs/commands.md from the commands (cli/reference-docs.ts). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KIT_ROOT } from '../run-records/kit-root.ts';
import { COMMANDS } from './main.ts';
import { commandsPage } from './reference-docs.ts';

writeFileSync(join(KIT_ROOT, 'docs', 'commands.md'), commandsPage(COMMANDS));
process.stdout.write('docs: docs/commands.md written\n');
