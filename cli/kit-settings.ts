/** The kit's settings as a command's --help lists them: each one's line and default, from the registry. */
import { helpTextOf, type Setting } from '../config/settings/index.ts';
import type { SettingSpec } from './command.ts';

export const kitSettings = (...settings: readonly Setting<unknown>[]): SettingSpec[] =>
  settings.map((setting) => ({ name: setting.name, text: helpTextOf(setting) }));
