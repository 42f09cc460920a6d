/**
 * When the target is gone, as one worker sees it: CONSECUTIVE_FAILURES requests in a row that got no
 * answer at all (refused, reset, timed out) or a gateway's page instead of the service's answer: a 502,
 * 503 or 504 without the part 7 body, such as a proxy's HTML when the service behind it is down. Those
 * statuses say the service did not answer; a request cannot have caused them, so no rule is judged on
 * them. Any other answer resets the count and is judged as what it is: a conforming 503 with the part 7
 * body, and a 500 HTML page of the service's own (which breaks ERROR-BODY-SHAPE). A 502, 503 or 504
 * and a refused connection come here only once a probe has shown the deployment answering
 * (unavailability.ts): a window in which it answers nothing is waited out by the client instead.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { errorBodyViolations } from '../oracle/index.ts';
import { answerOf, type RecordedResponse } from '../run-records/http-exchange.ts';

export const CONSECUTIVE_FAILURES = 3;

const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export type RequestFate =
  | { readonly kind: 'answered' }
  | { readonly kind: 'no-answer' | 'gateway'; readonly detail: string };

/** What a response (or its absence) says about the target's health. */
export const fateOf = (response: RecordedResponse | undefined, error: string | undefined): RequestFate => {
  if (!response) return { kind: 'no-answer', detail: error ?? 'no answer' };
  if (!GATEWAY_STATUSES.has(response.status)) return { kind: 'answered' };
  const shapeless = errorBodyViolations(answerOf(response));
  return shapeless.length === 0
    ? { kind: 'answered' }
    : {
        kind: 'gateway',
        detail: `HTTP ${response.status} (${response.headers['content-type'] ?? 'no Content-Type'}) without the service's JSON body`,
      };
};

interface Failure {
  readonly at: string;
  readonly detail: string;
}

/**
 * The run of failures, kept in a file beside the stop file: a test whose request got no answer fails,
 * and Playwright starts a new worker after a failed test, so the count must outlive the worker.
 */
export class TargetHealth {
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }

  #read(): Failure[] {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Failure[];
    } catch {
      return [];
    }
  }

  /** Whether the last requests went unanswered (a loss may be under way). */
  suspect(): boolean {
    return existsSync(this.file);
  }

  /** Records a request's fate; returns the description of the loss when the target is gone. */
  record(fate: RequestFate, at: string): { lost: string; since: string } | undefined {
    if (fate.kind === 'answered') {
      if (existsSync(this.file)) rmSync(this.file, { force: true });
      return undefined;
    }
    const failures = [...this.#read(), { at, detail: fate.detail }];
    writeFileSync(this.file, JSON.stringify(failures));
    if (failures.length < CONSECUTIVE_FAILURES) return undefined;
    const first = failures[0] as Failure;
    return {
      since: first.at,
      lost: `${failures.length} requests in a row since ${first.at} got ${fate.kind === 'gateway' ? 'no answer from the service' : 'no answer'} (last: ${fate.detail})`,
    };
  }
}
