/**
 * Each replayed answer against the recorded one, on what the tenant met: an aspect of the recorded
 * answer (its status, errorCode, a field and its type, a header) that the replay lacks or gives
 * otherwise is a difference; what the replay adds is not, since the tenant could not have relied on it.
 * With a baseline replayed twice, an aspect that differs between those two is noise, and one the
 * baseline already gives as the candidate does is not the release's change (as Diffy reads it).
 */
import { isUuid } from '../spec/index.ts';
import { aspectsOf, operationOf, parseJson } from './aspects.ts';
import { recordedAspects } from './footprint.ts';
import type { Replay } from './replay.ts';
import { type Direction, directionOf, type RequestContext, rulesBroken } from './rule-lens.ts';
import { pathOf, type TrafficExchange } from './traffic.ts';

export interface AspectChange {
  readonly aspect: string;
  readonly recorded: string;
  /** Undefined: the replayed answer lacks it. */
  readonly replayed: string | undefined;
}

export interface AnswerSummary {
  readonly status: number;
  readonly body: string;
}

export interface ExchangeDifference {
  readonly seq: number;
  readonly operation: string;
  /** `PUT /api/h2h/…/{uuid}` as recorded. */
  readonly request: string;
  readonly changes: readonly AspectChange[];
  readonly recorded: AnswerSummary;
  readonly replayed: AnswerSummary;
  readonly direction: Direction;
  readonly rulesBrokenRecorded: readonly string[];
  readonly rulesBrokenReplayed: readonly string[];
}

const MAX_BODY_SHOWN = 600;

const summary = (status: number, body: string): AnswerSummary => ({
  status,
  body: body.length > MAX_BODY_SHOWN ? `${body.slice(0, MAX_BODY_SHOWN)}…` : body,
});

/** The recorded traffic's knowledge of each request: which POSTs repeat an externalId created before. */
export const contextsOf = (exchanges: readonly TrafficExchange[]): Map<number, RequestContext> => {
  const created = new Set<string>();
  const uuids = new Set<string>();
  const contexts = new Map<number, RequestContext>();
  for (const exchange of exchanges) {
    const externalId = (parseJson(exchange.requestBody) as { externalId?: unknown } | undefined)?.externalId;
    const known = typeof externalId === 'string' ? externalId : undefined;
    const onEvent = operationOf(exchange.method, exchange.url).includes('{uuid}');
    const pathId = pathOf(exchange.url).split('/').at(-1)?.toLowerCase() ?? '';
    contexts.set(exchange.seq, {
      method: exchange.method,
      duplicate: exchange.method === 'POST' && known !== undefined && created.has(known),
      recordedSuccess: exchange.status >= 200 && exchange.status < 300,
      onEvent,
      unknownEvent: onEvent && exchange.status === 404 && isUuid(pathId) && !uuids.has(pathId),
    });
    const uuid = (parseJson(exchange.responseBody) as { uuid?: unknown } | undefined)?.uuid;
    if (exchange.method === 'POST' && exchange.status === 201 && typeof uuid === 'string')
      uuids.add(uuid.toLowerCase());
    if (exchange.method === 'POST' && exchange.status === 201 && known !== undefined) created.add(known);
  }
  return contexts;
};

export interface Baseline {
  readonly first: Replay;
  readonly second: Replay;
}

const changesOf = (
  exchange: TrafficExchange,
  replayed: ReturnType<typeof aspectsOf>,
  baseline: Baseline | undefined,
): AspectChange[] => {
  const first = baseline?.first.answers.get(exchange.seq);
  const second = baseline?.second.answers.get(exchange.seq);
  const firstAspects = first ? aspectsOf(first) : undefined;
  const secondAspects = second ? aspectsOf(second) : undefined;
  const changes: AspectChange[] = [];
  for (const [aspect, recorded] of recordedAspects(exchange)) {
    const value = replayed.get(aspect);
    if (value === recorded) continue;
    if (firstAspects && secondAspects) {
      const noise = firstAspects.get(aspect) !== secondAspects.get(aspect);
      const alreadySo = firstAspects.get(aspect) === value;
      if (noise || alreadySo) continue;
    }
    changes.push({ aspect, recorded, replayed: value });
  }
  return changes;
};

/** The differences of a candidate's replay; none for an exchange the replay did not compare. */
export const differencesOf = (
  exchanges: readonly TrafficExchange[],
  candidate: Replay,
  baseline?: Baseline,
): ExchangeDifference[] => {
  const contexts = contextsOf(exchanges);
  const found: ExchangeDifference[] = [];
  for (const exchange of exchanges) {
    const answer = candidate.answers.get(exchange.seq);
    if (!answer) continue;
    const changes = changesOf(exchange, aspectsOf(answer), baseline);
    if (changes.length === 0) continue;
    const context = contexts.get(exchange.seq) as RequestContext;
    const recordedAnswer = {
      status: exchange.status,
      headers: exchange.responseHeaders,
      body: exchange.responseBody,
    };
    const rulesBrokenRecorded = rulesBroken(recordedAnswer, context);
    const rulesBrokenReplayed = rulesBroken(answer, context);
    found.push({
      seq: exchange.seq,
      operation: operationOf(exchange.method, exchange.url),
      request: `${exchange.method} ${exchange.url}`,
      changes,
      recorded: summary(exchange.status, exchange.responseBody),
      replayed: summary(answer.status, answer.body),
      direction: directionOf(rulesBrokenRecorded, rulesBrokenReplayed),
      rulesBrokenRecorded,
      rulesBrokenReplayed,
    });
  }
  return found;
};
