/**
 * A threshold with what it means: the k6 expression on a (sub)metric, plus the rule id and a sentence
 * that the JUnit file and the text summary show. The k6 `options.thresholds` object is derived from
 * these, so the two can never disagree. Pure: no k6 import, no Node API.
 */

export interface ThresholdSpec {
  /** A metric or sub-metric key, as k6 writes it: `http_req_duration{endpoint:create}`. */
  readonly metric: string;
  /** A k6 threshold expression: `count<=1020`, `p(95)<500`, `rate==1`. */
  readonly expression: string;
  /** The spec rule the threshold checks (spec/rules.ts), or a kit id for a load-run sanity check. */
  readonly ruleId: string;
  readonly title: string;
  /** Stop the run early when the threshold is crossed (k6 `abortOnFail`). */
  readonly abortOnFail?: boolean;
  /**
   * Set when the threshold measures the load generator's reach, not the service: crossed, it reads
   * not established (the run could not judge), never a deviation.
   */
  readonly premise?: Premise;
  /**
   * The premises a crossed threshold needs met to be a verdict on the service: met when every premise
   * of one group is (groups are alternatives). Absent: the requests that were sent decide it.
   */
  readonly needs?: readonly (readonly string[])[];
  /**
   * A bound a shortfall can only explain so far: crossed while its premises were not met, the bound is
   * widened (an upper bound raised, a lower one lowered) by `perMissing` for each request the
   * generator missed in `premises`, and crossed beyond that the requests that were sent decide it (a
   * token bucket serves at most the tokens a stall saved; a window loses at most the backlog sent
   * into it).
   */
  readonly widenedBy?: {
    readonly premises: readonly string[];
    readonly perMissing: number;
    /** A premise's own factor where it differs from `perMissing` (a request in flight costs one). */
    readonly perMissingOf?: Readonly<Record<string, number>>;
    /**
     * The window whose answers' spread after their planned instants widens the bound too, always
     * (lib/delay-spread.ts), from the run's least delay of sending (the trend `sendMetric`): the trend
     * `<metric>{window:i}` of the window, and the requests planned per ms.
     */
    readonly spread?: {
      readonly metric: string;
      readonly sendMetric: string;
      readonly window: number;
      readonly requestsPerMs: number;
    };
  };
}

/** What the load generator had to reach for the thresholds that need it (`needs`) to be judged. */
export interface Premise {
  /** The name the thresholds that need it use: `reach:window:1`, `open-model`. */
  readonly key: string;
  /** What was counted, in words: `requests of the rate-limit tenant in window 1`, `iterations`. */
  readonly what: string;
  /** How many the plan sends, and in how many seconds. */
  readonly planned: number;
  readonly seconds: number;
  /** The fewest sent for the premise to hold. */
  readonly needed: number;
  /**
   * The threshold's metric counts what was sent (`ratelimit_sent`), what was dropped
   * (`dropped_iterations`) or what was answered after its window (`late`); or it is the milliseconds
   * from each request's planned instant to its answer (`delay`, a trend: `needed` is then a bound in ms).
   */
  readonly counts: 'sent' | 'dropped' | 'late' | 'delay';
}

export type K6Threshold = string | { threshold: string; abortOnFail: boolean; delayAbortEval?: string };

/** The k6 `options.thresholds` object of a set of specs, metrics in the order they first appear. */
export const thresholdsOption = (specs: readonly ThresholdSpec[]): Record<string, K6Threshold[]> => {
  const thresholds: Record<string, K6Threshold[]> = {};
  for (const spec of specs) {
    const list = thresholds[spec.metric] ?? [];
    if (list.some((entry) => (typeof entry === 'string' ? entry : entry.threshold) === spec.expression)) {
      throw new Error(`duplicate threshold ${spec.metric} ${spec.expression}`);
    }
    list.push(
      spec.abortOnFail
        ? { threshold: spec.expression, abortOnFail: true, delayAbortEval: '5s' }
        : spec.expression,
    );
    thresholds[spec.metric] = list;
  }
  return thresholds;
};

export interface ParsedExpression {
  readonly aggregation: string;
  readonly operator: '<' | '<=' | '>' | '>=' | '==' | '===' | '!=';
  readonly value: number;
}

const EXPRESSION =
  /^\s*(count|rate|value|avg|min|max|med|p\(\d+(?:\.\d+)?\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/;

export const parseExpression = (expression: string): ParsedExpression | undefined => {
  const match = EXPRESSION.exec(expression);
  if (!match) return undefined;
  return {
    aggregation: match[1] as string,
    operator: match[2] as ParsedExpression['operator'],
    value: Number(match[3]),
  };
};

export const compare = (observed: number, operator: ParsedExpression['operator'], limit: number): boolean => {
  switch (operator) {
    case '<':
      return observed < limit;
    case '<=':
      return observed <= limit;
    case '>':
      return observed > limit;
    case '>=':
      return observed >= limit;
    case '==':
    case '===':
      return observed === limit;
    case '!=':
      return observed !== limit;
  }
};

/** The trend statistics every load script asks k6 to keep, so that p(99) is in the summary. */
export const SUMMARY_TREND_STATS = Object.freeze([
  'avg',
  'min',
  'med',
  'max',
  'p(90)',
  'p(95)',
  'p(99)',
  'count',
]);
