/**
 * The grader: recorded exchanges in, one verdict per client rule out. Pure. Strict where the spec
 * speaks, tolerant where it is silent: a client that never did what a rule is about is "not exercised"
 * for it (never passed by default), and every way of keeping a rule the spec leaves open is accepted
 * (any delay before retrying a 429, confirming by any GET before retrying, giving up after a 5xx).
 */

import { environmentOfTokenIn, prefixesInUse, type TokenPrefixes } from '../contract/index.ts';
import { CLIENT_RULES, type ClientRule, type ClientRuleId } from '../spec/client-rules.ts';
import { type Environment, EVENTS_PATH, isUuid, TOKEN_PREFIXES } from '../spec/index.ts';
import { secretForms } from '../utilities/secret-forms.ts';
import { externalIdOf, pathOf, type RecordedExchange } from './exchange.ts';
import { MIN_429_DELAY_MS } from './faults.ts';
import { longestStallWithin, STALL_TICK_MS, type Stall } from './stall-monitor.ts';

/** `not-established`: the client did what the rule is about, but the run could not tell whether it kept it. */
export type ClientVerdict = 'passed' | 'failed' | 'not-exercised' | 'not-established';

export interface Finding {
  /** One line: what the client did wrong. */
  readonly summary: string;
  /** The exchanges that show it, by seq, in order. */
  readonly exchanges: readonly number[];
}

export interface RuleGrade {
  readonly rule: ClientRule<ClientRuleId>;
  readonly verdict: ClientVerdict;
  /** How many times the client did what the rule is about. */
  readonly occasions: number;
  readonly findings: readonly Finding[];
  /** Why the run could not tell, when the verdict is not established. */
  readonly unestablished?: string;
}

export interface GradingContext {
  /** The environment the client ran against: its tokens must be of this one. */
  readonly environment: Environment;
  /**
   * The token prefix of each environment at the service (default: the spec's): a deployment may issue
   * tokens of its own prefix (`th_test_`), which its clients rightly use.
   */
  readonly tokenPrefixes?: TokenPrefixes;
  /** When the recording's process could not run (stall-monitor.ts): a delay measured across one is no evidence. */
  readonly stalls?: readonly Stall[];
}

type Grader = (exchanges: readonly RecordedExchange[], context: GradingContext) => Omit<RuleGrade, 'rule'>;

const grade = (occasions: number, findings: Finding[]): Omit<RuleGrade, 'rule'> => ({
  verdict: findings.length > 0 ? 'failed' : occasions > 0 ? 'passed' : 'not-exercised',
  occasions,
  findings,
});

const isWrite = (e: RecordedExchange): boolean => e.method === 'POST' || e.method === 'PUT';
const isEventPath = (e: RecordedExchange): boolean => pathOf(e.url).startsWith(`${EVENTS_PATH}/`);
const failedOrAbandoned = (e: RecordedExchange): boolean => e.status === undefined || e.status >= 500;
const outcome = (e: RecordedExchange): string =>
  e.status === undefined ? 'no answer (the client gave up waiting)' : `${e.status}`;

/** A body's content with its keys in one order, to tell a retry (same content) from an update. */
const canonical = (body: string): string => {
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, sort(v)]),
          )
        : value;
  try {
    return JSON.stringify(sort(JSON.parse(body)));
  } catch {
    return body;
  }
};

/** The same request again: the same externalId for a POST, the same path for the others. */
const isRepeatOf = (earlier: RecordedExchange, later: RecordedExchange): boolean => {
  if (later.seq <= earlier.seq || later.method !== earlier.method) return false;
  if (earlier.method === 'POST') {
    const id = externalIdOf(earlier);
    return id !== undefined && externalIdOf(later) === id;
  }
  return pathOf(later.url) === pathOf(earlier.url);
};

/**
 * A GET whose answer says whether the event is there: found or not found. One answered 429, 5xx, 401
 * or not at all confirmed nothing, and a retry after it is as blind as one without it.
 */
const tellsWhetherStored = (e: RecordedExchange): boolean =>
  e.status !== undefined && ((e.status >= 200 && e.status < 300) || e.status === 404);

const confirmedBetween = (
  exchanges: readonly RecordedExchange[],
  failure: RecordedExchange,
  retry: RecordedExchange,
): boolean =>
  exchanges.some(
    (e) =>
      e.method === 'GET' &&
      e.seq > failure.seq &&
      e.seq < retry.seq &&
      tellsWhetherStored(e) &&
      // A PUT is confirmed by reading that event; after a POST no uuid may be known, so any GET counts.
      (failure.method !== 'PUT' || pathOf(e.url) === pathOf(failure.url)),
  );

const headerProblems = (e: RecordedExchange): string[] => {
  const problems: string[] = [];
  const clientId = e.headers['x-client-id'];
  if (clientId === undefined) problems.push('no X-Client-Id');
  else if (!isUuid(clientId.trim())) problems.push('X-Client-Id is not a UUID');
  if (!e.headers['x-access-token']) problems.push('no X-Access-Token');
  const contentType = e.headers['content-type'];
  if (contentType === undefined) problems.push('no Content-Type');
  else if (contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json')
    problems.push('Content-Type is not application/json');
  return problems;
};

const headersEveryRequest: Grader = (exchanges) =>
  grade(
    exchanges.length,
    exchanges.flatMap((e) => {
      const problems = headerProblems(e);
      return problems.length
        ? [{ summary: `${e.method} with ${problems.join(', ')}`, exchanges: [e.seq] }]
        : [];
    }),
  );

const bodyIsJson: Grader = (exchanges) => {
  const writes = exchanges.filter(isWrite);
  return grade(
    writes.length,
    writes.flatMap((e) => {
      try {
        JSON.parse(e.body);
        return [];
      } catch {
        return [{ summary: `${e.method} with a body that is not JSON`, exchanges: [e.seq] }];
      }
    }),
  );
};

const tokenEnvironment: Grader = (exchanges, { environment, tokenPrefixes }) => {
  const prefixes = tokenPrefixes ?? prefixesInUse(environment, []);
  const withToken = exchanges.filter((e) => e.headers['x-access-token']);
  return grade(
    withToken.length,
    withToken.flatMap((e) => {
      const own = environmentOfTokenIn(e.headers['x-access-token'] ?? '', prefixes);
      if (own === environment) return [];
      const what = own
        ? `a ${own} token (${prefixes[own] || 'no prefix'}…)`
        : 'a token of no known environment';
      return [
        {
          summary: `${e.method} in ${environment} with ${what}; ${environment} takes ${prefixes[environment] || 'its own'}… only`,
          exchanges: [e.seq],
        },
      ];
    }),
  );
};

const tokenNotInUrl: Grader = (exchanges, { environment, tokenPrefixes }) => {
  // Any prefix of the spec's or of the service's own, in use: a token of either shape does not belong in a URL.
  const shapes = [
    ...new Set([
      ...Object.values(TOKEN_PREFIXES),
      ...Object.values(tokenPrefixes ?? prefixesInUse(environment, [])),
    ]),
  ].filter((prefix) => prefix !== '');
  return grade(
    exchanges.length,
    exchanges.flatMap((e) => {
      const token = e.headers['x-access-token'];
      let decoded = e.url;
      try {
        decoded = decodeURIComponent(e.url);
      } catch {
        // a malformed escape: look at the URL as sent
      }
      const ownToken =
        token !== undefined && token.length >= 8 && secretForms(token).some((f) => e.url.includes(f.text));
      const tokenShaped = shapes.some((p) => decoded.includes(p));
      return ownToken || tokenShaped
        ? [{ summary: `${e.method} with an access token in its URL`, exchanges: [e.seq] }]
        : [];
    }),
  );
};

const pathIdIsUuid: Grader = (exchanges) => {
  const addressed = exchanges.filter((e) => (e.method === 'GET' || e.method === 'PUT') && isEventPath(e));
  return grade(
    addressed.length,
    addressed.flatMap((e) => {
      const raw = pathOf(e.url).slice(EVENTS_PATH.length + 1);
      let id = raw;
      try {
        id = decodeURIComponent(raw);
      } catch {
        // keep it as sent
      }
      return isUuid(id)
        ? []
        : [{ summary: `${e.method} of an event by "${id}", which is not a UUID`, exchanges: [e.seq] }];
    }),
  );
};

/** POSTs of an externalId the client had already seen created (a 201 it received). */
const rePostsAfterCreation = (exchanges: readonly RecordedExchange[]) => {
  const created = new Map<string, RecordedExchange>();
  const found: { created: RecordedExchange; again: RecordedExchange; sameContent: boolean }[] = [];
  for (const e of exchanges) {
    if (e.method !== 'POST') continue;
    const id = externalIdOf(e);
    if (id === undefined) continue;
    const first = created.get(id);
    if (first)
      found.push({ created: first, again: e, sameContent: canonical(first.body) === canonical(e.body) });
    else if (e.status === 201) created.set(id, e);
  }
  return found;
};

const updateByPut: Grader = (exchanges) => {
  const updates = rePostsAfterCreation(exchanges).filter((r) => !r.sameContent);
  const puts = exchanges.filter((e) => e.method === 'PUT').length;
  return grade(
    puts + updates.length,
    updates.map((r) => ({
      summary: `an event created by #${r.created.seq} was changed by a new POST of its externalId instead of a PUT`,
      exchanges: [r.created.seq, r.again.seq],
    })),
  );
};

const noRepostAfter201: Grader = (exchanges) => {
  const created = exchanges.filter((e) => e.method === 'POST' && e.status === 201).length;
  return grade(
    created,
    rePostsAfterCreation(exchanges)
      .filter((r) => r.sameContent)
      .map((r) => ({
        summary: `the POST of #${r.created.seq} got 201, and the same event was POSTed again`,
        exchanges: [r.created.seq, r.again.seq],
      })),
  );
};

/** Each failure the client repeated without a confirming GET in between, as a finding. */
const unconfirmedRetries = (
  exchanges: readonly RecordedExchange[],
  failures: readonly RecordedExchange[],
  summary: (failure: RecordedExchange, retry: RecordedExchange) => string,
): Omit<RuleGrade, 'rule'> =>
  grade(
    failures.length,
    failures.flatMap((failure) => {
      const retry = exchanges.find((e) => isRepeatOf(failure, e));
      if (!retry || confirmedBetween(exchanges, failure, retry)) return [];
      return [{ summary: summary(failure, retry), exchanges: [failure.seq, retry.seq] }];
    }),
  );

const confirmBeforeRetry: Grader = (exchanges) =>
  unconfirmedRetries(
    exchanges,
    exchanges.filter((e) => e.method === 'POST' && failedOrAbandoned(e) && externalIdOf(e)),
    (failure) =>
      `the POST of #${failure.seq} got ${outcome(failure)}; it was sent again with the same externalId without checking first whether the event had been created`,
  );

const noAutoRetry5xx: Grader = (exchanges) =>
  unconfirmedRetries(
    exchanges,
    exchanges.filter((e) => isWrite(e) && e.status !== undefined && e.status >= 500),
    (failure, retry) =>
      `the ${failure.method} of #${failure.seq} got ${failure.status}, and was repeated ${retry.sentAt - (failure.answeredAt ?? failure.sentAt)} ms later with no check in between`,
  );

/**
 * The turns a retry sent at once waits for on the client's side: one to read the 429, one to send
 * again. Each is taken as long as the longest wait the machine gave a thread in the retry's window
 * (stall-monitor.ts), the worst of many samples of the waits the client's process met as well.
 */
export const CLIENT_TURNS_PER_RETRY = 2;

/** How long a retry sent at once may have taken to arrive, in the waits the run saw around it. */
const explainedByWaits = (stalls: readonly Stall[], answeredAt: number, sentAt: number): number =>
  // The recording's own turns: a stall it was in while writing the 429 (its time was taken before),
  // and one it was in when the retry came, which held the retry unread.
  longestStallWithin(stalls, 'process', answeredAt - STALL_TICK_MS, answeredAt + STALL_TICK_MS) +
  longestStallWithin(stalls, 'process', sentAt - STALL_TICK_MS, sentAt + STALL_TICK_MS) +
  CLIENT_TURNS_PER_RETRY * longestStallWithin(stalls, 'machine', answeredAt, sentAt);

/**
 * A retry sooner than MIN_429_DELAY_MS after its 429 is sent at once, whatever the machine did: waiting
 * only adds time. A later one shows a delay only when it is later than the waits around it explain:
 * otherwise it could have been sent at once. When one could, and none was quick, the rule is not
 * established, never passed.
 */
const delayAfter429: Grader = (exchanges, { stalls = [] }) => {
  const limited = exchanges.filter((e) => e.status === 429);
  const retries = limited.flatMap((answer) => {
    const retry = exchanges.find((e) => isRepeatOf(answer, e));
    if (!retry || answer.answeredAt === undefined) return [];
    const delay = retry.sentAt - answer.answeredAt;
    return [{ answer, retry, delay, waits: explainedByWaits(stalls, answer.answeredAt, retry.sentAt) }];
  });
  const findings = retries
    .filter((r) => r.delay < MIN_429_DELAY_MS)
    .map(({ answer, retry, delay }) => ({
      summary: `the ${answer.method} of #${answer.seq} got 429 and was retried after ${Math.max(0, delay)} ms (less than ${MIN_429_DELAY_MS} ms: no delay)`,
      exchanges: [answer.seq, retry.seq],
    }));
  const blurred = retries.filter((r) => r.delay >= MIN_429_DELAY_MS && r.delay - r.waits < MIN_429_DELAY_MS);
  const first = blurred[0];
  if (findings.length > 0 || first === undefined) return grade(limited.length, findings);
  return {
    verdict: 'not-established',
    occasions: limited.length,
    findings: [],
    unestablished: `the machine was too busy to tell a delay from none: the ${first.answer.method} of #${first.answer.seq} got 429 and came again ${first.delay} ms later, of which waits for a turn to run may have taken ${first.waits} ms (${blurred.length} of ${retries.length} retries so)`,
  };
};

const GRADERS: Readonly<Record<ClientRuleId, Grader>> = {
  'CLIENT-HEADERS-EVERY-REQUEST': headersEveryRequest,
  'CLIENT-BODY-IS-JSON': bodyIsJson,
  'CLIENT-TOKEN-ENVIRONMENT': tokenEnvironment,
  'CLIENT-TOKEN-NOT-IN-URL': tokenNotInUrl,
  'CLIENT-PATH-ID-IS-UUID': pathIdIsUuid,
  'CLIENT-UPDATE-BY-PUT': updateByPut,
  'CLIENT-NO-REPOST-AFTER-201': noRepostAfter201,
  'CLIENT-CONFIRM-BEFORE-RETRY': confirmBeforeRetry,
  'CLIENT-NO-AUTO-RETRY-5XX': noAutoRetry5xx,
  'CLIENT-429-DELAY': delayAfter429,
};

/** One grade per client rule, in the catalog's order. */
export const gradeClient = (exchanges: readonly RecordedExchange[], context: GradingContext): RuleGrade[] => {
  const ordered = [...exchanges].sort((a, b) => a.seq - b.seq);
  return CLIENT_RULES.map((rule) => ({ rule, ...GRADERS[rule.id](ordered, context) }));
};

export type ClientCertification = 'certified' | 'not-certified';

/** MUST rules decide; SHOULD rules too when `strict`. */
export const certificationOf = (grades: readonly RuleGrade[], strict: boolean): ClientCertification =>
  grades.some((g) => g.verdict === 'failed' && (g.rule.level === 'must' || strict))
    ? 'not-certified'
    : 'certified';
