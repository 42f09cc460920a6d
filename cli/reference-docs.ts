/**
 * The references written from the code, so that they cannot drift from it: docs/commands.md (every
 * command's --help), and the tables the README and docs/ show of the commands, the exit codes and the
 * target contract. `npm run docs` writes docs/commands.md; kit tests compare the rest.
 */
import { EXIT, EXIT_CODES, type ExitCodeName } from '../config/exit-codes.ts';
import { CONTRACT_TABLE } from '../contract/index.ts';
import { BIN, type KitCommand } from './command.ts';
import { helpText } from './help.ts';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

export const commandsTable = (commands: readonly KitCommand[]): string[] => [
  '| command | what it does |',
  '|---|---|',
  ...commands.map((c) => `| \`${BIN} ${c.name}\` | ${cell(c.summary)} |`),
];

export const exitCodesTable = (): string[] => [
  '| code | meaning |',
  '|---|---|',
  ...(Object.keys(EXIT) as ExitCodeName[]).map((name) => `| ${EXIT[name]} | ${cell(EXIT_CODES[name])} |`),
];

export const contractTable = (): string[] => [
  '| variable | meaning | when unset |',
  '|---|---|---|',
  ...CONTRACT_TABLE.map(
    (row) =>
      `| ${row.names.map((name) => `\`${name}\``).join(', ')} | ${cell(row.meaning)} | ${cell(row.unset)} |`,
  ),
];

/** docs/commands.md: the table, then every command's --help as it prints it. */
export const commandsPage = (commands: readonly KitCommand[]): string =>
  [
    '# Commands',
    '',
    `Every job of the kit is a subcommand of \`${BIN}\` (\`npx ${BIN}\` in a project that installed the kit;`,
    '`npm run <script>` aliases in a clone of it, see package.json). Each answers `--help` with what follows,',
    'starting nothing; every one ends with a code of the [exit-code table](exit-codes.md). This page is',
    'written from the commands themselves (`npm run docs`); a kit test keeps it equal to them.',
    '',
    ...commandsTable(commands),
    '',
    ...commands.flatMap((c) => [`## ${BIN} ${c.name}`, '', '```text', helpText(c).trimEnd(), '```', '']),
  ].join('\n');

/** The rows of a Markdown table under a heading: what a kit test compares with the code's. */
export const tableUnder = (markdown: string, heading: string): string[] => {
  const start = markdown.indexOf(heading);
  if (start === -1) return [];
  const lines = markdown.slice(start).split('\n').slice(1);
  const first = lines.findIndex((line) => line.startsWith('|'));
  if (first === -1) return [];
  const rest = lines.slice(first);
  const end = rest.findIndex((line) => !line.startsWith('|'));
  return end === -1 ? rest : rest.slice(0, end);
};
