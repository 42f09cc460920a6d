/**
 * The registry of the kit's settings: every environment variable the kit reads besides the target
 * contract's (contract/variables.ts names those; config/target.ts reads them whole), each defined once
 * (name, what it sets, default, who sets it, how it is read). --help (cli/) and the settings table of
 * docs/configuration.md are written from it; a kit test keeps every other file from naming
 * `process.env` and the docs from naming a variable the registry does not hold.
 */
import { ALL_CONTRACT_VARIABLES, CONTRACT_TABLE } from '../../contract/index.ts';
import { BENCH_SETTINGS } from './bench-settings.ts';
import { INTERNAL_SETTINGS } from './internal-settings.ts';
import { LOAD_SCRIPT_SETTINGS } from './load-script-settings.ts';
import { LOAD_SETTINGS } from './load-settings.ts';
import { REFERENCE_SETTINGS } from './reference-settings.ts';
import { RUN_SETTINGS } from './run-settings.ts';
import { define, exact, type Setting } from './setting.ts';

export * from './bench-settings.ts';
export * from './internal-settings.ts';
export * from './load-script-settings.ts';
export * from './load-settings.ts';
export * from './reference-settings.ts';
export * from './run-settings.ts';
export { type Audience, define, type Environment, type Setting } from './setting.ts';

// biome-ignore lint/suspicious/noExplicitAny: a list of settings of every value type
type AnySetting = Setting<any>;

/** Every setting of the kit, in the order the docs list them. */
export const SETTINGS: readonly AnySetting[] = Object.freeze([
  ...RUN_SETTINGS,
  ...LOAD_SETTINGS,
  ...LOAD_SCRIPT_SETTINGS,
  ...REFERENCE_SETTINGS,
  ...BENCH_SETTINGS,
  ...INTERNAL_SETTINGS,
]);

const BY_NAME: ReadonlyMap<string, AnySetting> = new Map(SETTINGS.map((s) => [s.name, s]));

/** The setting of that name; a name the registry does not hold is the kit's own mistake. */
export const settingNamed = (name: string): AnySetting => {
  const setting = BY_NAME.get(name);
  if (!setting) throw new Error(`no setting named ${name} in config/settings`);
  return setting;
};

/** The settings a user sets, as the docs list them. */
export const PUBLIC_SETTINGS: readonly AnySetting[] = SETTINGS.filter((s) => s.audience === 'public');

/** k6's own settings, which the docs may name beside the kit's (k6 reads them, not the kit). */
export const K6_OWN_VARIABLES: readonly string[] = Object.freeze([
  'K6_NO_USAGE_REPORT',
  'K6_OUT',
  'K6_WEB_DASHBOARD',
  'K6_WEB_DASHBOARD_EXPORT',
  'K6_WEB_DASHBOARD_PERIOD',
  'K6_WEB_DASHBOARD_PORT',
]);

const CONTRACT_BY_NAME: ReadonlyMap<string, Setting<string | undefined>> = new Map(
  ALL_CONTRACT_VARIABLES.map((name) => {
    const row = CONTRACT_TABLE.find((r) => r.names.includes(name));
    const setting = define({
      name,
      doc: row?.meaning ?? 'set by the kit for its own processes',
      ...(row ? { defaultText: row.unset } : {}),
      audience: row ? 'public' : 'internal',
      parse: exact,
    });
    return [name, setting] as const;
  }),
);

/** A variable of the target contract, read as it is set (config/target.ts reads and checks the contract whole). */
export const contractVariable = (name: string): Setting<string | undefined> => {
  const setting = CONTRACT_BY_NAME.get(name);
  if (!setting) throw new Error(`${name} is not a variable of the target contract`);
  return setting;
};

/** A kit setting or a variable of the target contract, by its name: what a command-line option stands for. */
export const variableNamed = (name: string): Setting<unknown> =>
  BY_NAME.get(name) ?? CONTRACT_BY_NAME.get(name) ?? settingNamed(name);

/** A setting as --help lists it, the way it lists the contract's: its docs line and what holds when it is unset. */
export const helpTextOf = (setting: AnySetting): string =>
  setting.defaultText ? `${setting.doc}; unset: ${setting.defaultText.replace(/`/g, '')}` : setting.doc;

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The table of docs/configuration.md's "The kit's own settings": every public setting. */
export const settingsTable = (): string[] => [
  '| variable | what it sets | default |',
  '|---|---|---|',
  ...PUBLIC_SETTINGS.map(
    (s) =>
      `| \`${s.name}\` | ${cell(s.doc)}${s.see ? ` ([${s.see}](${s.see}))` : ''} | ${cell(s.defaultText ?? 'none')} |`,
  ),
];
