// `node --import <this file>`: hooks strip-types-hooks.mjs in for the kit's folder (the folder above
// this one), so that an installed kit's TypeScript loads with every line and column where it is.
// module.registerHooks runs them in the process itself; older lines have only module.register.
import module from 'node:module';
import { loadFor } from './strip-types-hooks.mjs';

const kitRoot = new URL('..', import.meta.url).href;
if (typeof module.registerHooks === 'function') module.registerHooks({ load: loadFor(kitRoot) });
else module.register('./strip-types-hooks.mjs', import.meta.url, { data: { kitRoot } });
