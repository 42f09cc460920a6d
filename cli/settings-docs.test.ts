import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { helpTextOf, SETTINGS, settingNamed, settingsTable } from '../config/settings/index.ts';
import { ALL_CONTRACT_VARIABLES } from '../contract/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { COMMANDS } from './all-commands.ts';
import { CONTRACT_SETTINGS } from './contract-settings.ts';
import { tableUnder } from './reference-docs.ts';

const REGISTERED = new Set(SETTINGS.map((setting) => setting.name));
const CONTRACT_ROWS = new Map(CONTRACT_SETTINGS.map((row) => [row.name, row.text]));

test("DOCS: docs/configuration.md's table of the kit's own settings is the registry's (npm run docs writes it)", () => {
  const configuration = readFileSync(join(KIT_ROOT, 'docs', 'configuration.md'), 'utf8');
  expect(tableUnder(configuration, "## The kit's own settings")).toEqual(settingsTable());
});

test("CLI: every setting a command's --help lists is the registry's line or the contract's, never a list of its own", () => {
  const rows = COMMANDS.flatMap((command) =>
    (command.settings ?? []).map((row) => ({ command: command.name, ...row })),
  );
  expect(rows.length).toBeGreaterThan(0);
  const own = rows.filter((row) =>
    REGISTERED.has(row.name)
      ? row.text !== helpTextOf(settingNamed(row.name))
      : CONTRACT_ROWS.get(row.name) !== row.text,
  );
  expect(own).toEqual([]);
});

test('CLI: every option that stands for a variable names a setting of the registry or a variable of the contract (the runner sets it through the registry)', () => {
  const options = COMMANDS.flatMap((command) =>
    command.options.flatMap((option) =>
      option.env ? [`${command.name} --${option.name}: ${option.env}`] : [],
    ),
  );
  expect(options.length).toBeGreaterThan(0);
  const name = (line: string) => line.slice(line.lastIndexOf(' ') + 1);
  expect(
    options.filter((line) => !REGISTERED.has(name(line)) && !ALL_CONTRACT_VARIABLES.includes(name(line))),
  ).toEqual([]);
});
