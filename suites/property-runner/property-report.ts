/**
 * What a failed property leaves for a person: the shrunk run's counterexample, notes, error and
 * requests (token redacted), its requests as curl commands, and the commands that replay it.
 */
import * as fc from 'fast-check';
import type { Target } from '../../config/index.ts';
import { REFERENCE_DEPLOYMENT, REFERENCE_MUTANT, REFERENCE_VARIANT } from '../../config/settings/index.ts';
import {
  describeExchange,
  exchangeTitle,
  type HttpExchange,
  toCurl,
} from '../../run-records/http-exchange.ts';
import { escapeRegExp } from '../../utilities/escape-pattern.ts';
import { redact } from '../../utilities/redaction.ts';
import { EXCHANGE_SEPARATOR, PropertyViolation } from './property-checks.ts';
import { COMMANDS_REPLAY_VARIABLE } from './property-runs.ts';

/** A run of the predicate that failed: what it was given, what it noted, sent and met. */
export interface FailedRun<T> {
  readonly value: T;
  /** The counterexample as the report shows it. */
  readonly shown: string;
  readonly notes: readonly (readonly [string, string])[];
  readonly exchanges: readonly HttpExchange[];
  readonly error: unknown;
}

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** The environment a replay needs besides FC_SEED / FC_PATH: the reference server's mutant, variant or deployment. */
export const replayEnvironment = (target: Target): string[] =>
  target.embedded
    ? [REFERENCE_MUTANT, REFERENCE_VARIANT, REFERENCE_DEPLOYMENT]
        .filter((setting) => setting.read())
        .map((setting) => `${setting.name}=${shellQuote(setting.read() ?? '')}`)
    : [];

/** The commands that replay a failure: exactly the counterexample, and the whole run. README-ready. */
export const replayInstructions = (
  title: string,
  seed: number,
  path: string | null,
  extraEnvironment: readonly string[] = [],
  commandsReplayPath?: string,
): string => {
  const grep = `--grep ${shellQuote(escapeRegExp(title))}`;
  const command = (variables: readonly string[]) =>
    [...extraEnvironment, ...variables, 'npx tsx cli/commands/conformance.ts', grep].join(' ');
  const lines: string[] = [];
  if (path !== null) {
    const commands = commandsReplayPath
      ? [`${COMMANDS_REPLAY_VARIABLE}=${shellQuote(commandsReplayPath)}`]
      : [];
    lines.push(
      `Replay exactly this counterexample (seed ${seed}, path ${path}):`,
      `  ${command([`FC_SEED=${seed}`, `FC_PATH=${path}`, ...commands])}`,
    );
  }
  lines.push(`Replay the whole run of this property (seed ${seed}):`, `  ${command([`FC_SEED=${seed}`])}`);
  lines.push(
    '(The same variables work with `npx playwright test`; against a real deployment keep the same target contract: .env or the TARGET_* / TENANT_* variables.)',
  );
  return lines.join('\n');
};

/** The error of a run; a violation's exchange is left out, since the run's requests follow in full. */
const errorText = (error: unknown): string =>
  error instanceof PropertyViolation
    ? (error.message.split(EXCHANGE_SEPARATOR)[0] ?? error.message)
    : error instanceof Error
      ? `${error.name}: ${error.message}`
      : String(error);

export const describeFailedRun = <T>(run: FailedRun<T>): string => {
  const parts = [`Counterexample (shrunk):\n${run.shown}`];
  for (const [label, text] of run.notes) parts.push(`${label}:\n${text}`);
  parts.push(`What went wrong:\n${errorText(run.error)}`);
  run.exchanges.forEach((exchange, index) => {
    parts.push(`--- request ${index + 1} of ${run.exchanges.length} ---\n${describeExchange(exchange)}`);
  });
  return redact(parts.join('\n\n'));
};

export const curlScript = <T>(run: FailedRun<T>): string =>
  redact(
    [
      '# The requests of the shrunk counterexample, in order (token redacted).',
      ...run.exchanges.map(
        (exchange, index) => `# ${index + 1}. ${exchangeTitle(exchange)}\n${toCurl(exchange.request)}`,
      ),
    ].join('\n\n'),
  );

/** The commands fc.commands ran, as a replayPath: an exact replay of a model-based counterexample needs them. */
export const commandsReplayPathOf = (counterexample: unknown): string | undefined =>
  /replayPath="([^"]+)"/.exec(fc.stringify(counterexample))?.[1];
