/** What `fei-kit --help` and a group's `--help` (`fei-kit load --help`) print: every command and what it does. */
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { kitVersion } from '../utilities/kit-version.ts';
import { COMMANDS } from './all-commands.ts';
import { BIN, type KitCommand } from './command.ts';

export const usage = (): string => {
  const width = COMMANDS.reduce((most, c) => Math.max(most, c.name.length), 0) + 2;
  return [
    `${BIN} ${kitVersion()}: the conformance and load-test kit of the Financial Events Ingestion Service`,
    '',
    `Usage: ${BIN} <command> [options]`,
    `       ${BIN} <command> --help     what a command does, its options and exit codes (or ${BIN} help <command>)`,
    `       ${BIN} --version`,
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    `With no target configured (${CONTRACT_VARIABLES.baseUrl}), every command that needs one starts the reference server.`,
    '',
  ].join('\n');
};

/** `fei-kit load --help`: the commands of a group, as the kit's own usage lists them. */
export const groupUsage = (group: string): string => {
  const members: readonly KitCommand[] = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  const width = members.reduce((most, c) => Math.max(most, c.name.length), 0) + 2;
  return [
    `Usage: ${BIN} ${group} <${members.map((c) => c.name.split(' ')[1]).join('|')}> [options]`,
    '',
    'Commands:',
    ...members.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    `${BIN} ${group} <command> --help says what each does, its options and exit codes.`,
    '',
  ].join('\n');
};
