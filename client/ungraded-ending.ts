/**
 * Whether a certify-client run can be graded: the command ran to its end and called a service that
 * answered. Otherwise the run ends with one line and its exit code, and nothing is graded.
 */
import { EXIT } from '../config/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import type { RecordedExchange } from './exchange.ts';
import { UNANSWERED } from './recording-proxy.ts';
import type { CommandResult } from './run-command.ts';

/** A command that ran to its end, with its exit code or signal. */
export type ExitedCommand = Extract<CommandResult, { kind: 'exited' }>;

/** A run that is not graded: the line that says why, and the exit code. */
export interface UngradedEnding {
  readonly kind: 'ungraded';
  readonly line: string;
  readonly code: number;
}

/** How the command ended, as certify-client's own line names it. */
export const exitOf = (command: ExitedCommand): string | number => command.code ?? `signal ${command.signal}`;

/**
 * The ungraded ending of a run whose command was not found, was interrupted or ran past its time
 * limit, never called the service, or called a service that never answered; else the exited command.
 */
export const ungradedEnding = (
  result: CommandResult,
  exchanges: readonly RecordedExchange[],
  context: { readonly timeLimitSeconds: number; readonly service: string },
): UngradedEnding | ExitedCommand => {
  const ungraded = (line: string, code: number): UngradedEnding => ({ kind: 'ungraded', line, code });
  if (result.kind === 'not-found') return ungraded(`could not run: ${result.message}`, EXIT.couldNotRun);
  if (result.kind === 'interrupted')
    return ungraded(
      `interrupted (${result.signal}): the command was stopped, nothing graded`,
      result.signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated,
    );
  if (result.kind === 'timed-out')
    return ungraded(
      `could not run: the command ran past its time limit of ${context.timeLimitSeconds} s and was stopped`,
      EXIT.couldNotRun,
    );
  if (exchanges.length === 0)
    return ungraded(
      `could not run: the command (exit ${exitOf(result)}) never called the service at ${CONTRACT_VARIABLES.baseUrl}`,
      EXIT.couldNotRun,
    );
  if (exchanges.every((e) => e.refused?.startsWith(UNANSWERED)))
    return ungraded(
      `could not run: ${new URL(context.service).origin} never answered (${exchanges[0]?.refused})`,
      EXIT.couldNotRun,
    );
  return result;
};
