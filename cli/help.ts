/** A command's --help, written from its declaration and the kit's one exit-code table. */
import { EXIT, EXIT_CODES } from '../config/exit-codes.ts';
import { BIN, HELP_OPTION, type KitCommand, type OptionSpec } from './command.ts';

const flagsOf = (option: OptionSpec): string =>
  `${option.short ? `-${option.short}, ` : '    '}--${option.name}${option.value ? ` ${option.value}` : ''}`;

const table = (rows: readonly (readonly [string, string])[]): string[] => {
  const width = Math.min(34, rows.reduce((most, [left]) => Math.max(most, left.length), 0) + 2);
  return rows.map(([left, right]) =>
    left.length + 2 > width ? `  ${left}\n  ${' '.repeat(width)}${right}` : `  ${left.padEnd(width)}${right}`,
  );
};

export const optionRows = (options: readonly OptionSpec[]): (readonly [string, string])[] =>
  [...options, HELP_OPTION].map((option) => [
    flagsOf(option),
    option.env ? `${option.text} (${option.env})` : option.text,
  ]);

export const exitCodeRows = (command: Pick<KitCommand, 'exitCodes'>): (readonly [string, string])[] =>
  command.exitCodes.map((name) => [String(EXIT[name]).padStart(3), EXIT_CODES[name]]);

export const helpText = (command: KitCommand): string =>
  [
    `${BIN} ${command.name}: ${command.summary}`,
    '',
    `Usage: ${BIN} ${command.name} ${command.usage}`.trimEnd(),
    ...(command.description ? ['', ...command.description] : []),
    '',
    'Options:',
    ...table(optionRows(command.options)),
    ...(command.moreOptions ? ['', `${command.moreOptions.title}:`, ...table(command.moreOptions.rows)] : []),
    ...(command.settings && command.settings.length > 0
      ? ['', 'Environment (also read from .env):', ...table(command.settings.map((s) => [s.name, s.text]))]
      : []),
    '',
    'Exit codes:',
    ...table(exitCodeRows(command)),
    ...(command.examples && command.examples.length > 0
      ? ['', 'Examples:', ...command.examples.map((example) => `  ${example}`)]
      : []),
    '',
  ].join('\n');
