/**
 * The self-check's client rows: each client of client/self-check-clients/ certified by
 * `fei-kit certify-client` as a user runs it, `concurrency` at a time, each reported in one line as it
 * ends. A row is selected by `--only` with its id (`certify-client-<name>`) or a pattern (`certify-client-*`).
 */
import { join } from 'node:path';
import {
  CLIENT_BEHAVIOURS,
  type ClientBehaviour,
  TENANT_CLIENT,
} from '../client/self-check-clients/client-behaviours.ts';
import { runCertifyClient } from '../client/self-check-clients/run-certify.ts';
import {
  buildClientMatrix,
  type ClientMatrix,
  type ClientRowOutcome,
  clientEntry,
  clientRowId,
} from './client-verdicts.ts';

/** Whether a row's id matches an `--only` pattern (`*` for any run of characters). */
export const matchesRowPattern = (pattern: string, value: string): boolean =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(value);

/** The rows for these --only patterns (all without any). */
export const plannedClientRows = (only: readonly string[] | undefined): ClientBehaviour[] =>
  CLIENT_BEHAVIOURS.filter((b) => !only?.length || only.some((p) => matchesRowPattern(p, clientRowId(b))));

export interface ClientRowsOptions {
  readonly skip: boolean;
  readonly concurrency: number;
  readonly outputRoot: string;
  readonly env: NodeJS.ProcessEnv;
  readonly say: (line: string) => void;
}

export const runClientRows = async (
  rows: readonly ClientBehaviour[],
  options: ClientRowsOptions,
): Promise<ClientMatrix> => {
  if (rows.length === 0) return buildClientMatrix([]);
  if (options.skip) return buildClientMatrix([], { skipped: { reason: '--no-clients', rows: rows.length } });
  const started = performance.now();
  const queue = [...rows];
  const outcomes: ClientRowOutcome[] = [];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const run = await runCertifyClient([...next.options, 'node', TENANT_CLIENT, next.name], {
        env: options.env,
        outputFolder: join(options.outputRoot, clientRowId(next)),
      });
      const outcome: ClientRowOutcome = {
        behaviour: next,
        exitCode: run.code,
        certificate: run.certificate,
        seconds: run.seconds,
        lastLine: run.output.trim().split('\n').pop() ?? '',
      };
      outcomes.push(outcome);
      const entry = clientEntry(outcome);
      options.say(
        `[client ${outcomes.length}/${rows.length}] ${entry.id}: ${entry.verdict} (${entry.seconds} s)`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, rows.length) }, worker));
  const order = new Map(rows.map((r, i) => [r.name, i]));
  outcomes.sort((a, b) => (order.get(a.behaviour.name) ?? 0) - (order.get(b.behaviour.name) ?? 0));
  return buildClientMatrix(outcomes, { wallSeconds: (performance.now() - started) / 1000 });
};
