/** The target contract, as the --help of the commands that read it lists it. */
import { CONTRACT_TABLE } from '../contract/index.ts';
import type { SettingSpec } from './command.ts';

export const CONTRACT_SETTINGS: readonly SettingSpec[] = CONTRACT_TABLE.map((row) => ({
  name: row.names.join(', '),
  text: `${row.meaning}; unset: ${row.unset}`,
}));
