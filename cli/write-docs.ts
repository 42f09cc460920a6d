/**
 * `npm run docs`: writes docs/commands.md from the commands, and the tables of the commands, the exit
 * codes, the target contract and the kit's own settings (config/settings/) into the README and docs/
 * where they stand (cli/reference-docs.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { settingsTable } from '../config/settings/index.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { COMMANDS } from './all-commands.ts';
import { commandsPage, commandsTable, contractTable, exitCodesTable, tableUnder } from './reference-docs.ts';

/** The file with the table under `heading` replaced by `rows`. */
const withTable = (markdown: string, heading: string, rows: readonly string[]): string => {
  const old = tableUnder(markdown, heading);
  if (old.length === 0) throw new Error(`no table under "${heading}"`);
  const start = markdown.indexOf(old.join('\n'), markdown.indexOf(heading));
  return `${markdown.slice(0, start)}${rows.join('\n')}${markdown.slice(start + old.join('\n').length)}`;
};

const update = (file: string, tables: readonly (readonly [string, readonly string[]])[]): void => {
  const path = join(KIT_ROOT, file);
  let text = readFileSync(path, 'utf8');
  for (const [heading, rows] of tables) text = withTable(text, heading, rows);
  writeFileSync(path, text);
};

writeFileSync(join(KIT_ROOT, 'docs', 'commands.md'), commandsPage(COMMANDS));
update('README.md', [
  ['## The target contract', contractTable()],
  ['## Commands', commandsTable(COMMANDS)],
  ['## Exit codes', exitCodesTable()],
]);
update(join('docs', 'configuration.md'), [
  ['## The target contract', contractTable()],
  ["## The kit's own settings", settingsTable()],
]);
update(join('docs', 'exit-codes.md'), [['# Exit codes', exitCodesTable()]]);
process.stdout.write(
  'docs: docs/commands.md and the tables of README.md, docs/configuration.md, docs/exit-codes.md written\n',
);
