/**
 * Every conformance test title starts with the ids of the rules it checks: `VAL-AMOUNT-POSITIVE: …`,
 * or several, comma-separated: `VAL-BODY-SHAPE, VAL-STATUS-400: …`. `ruleTitle` writes such a title
 * from typed ids (a mistyped id fails the type-check); `parseRuleTitle` reads one back for the reports,
 * the certificate and the self-check, and says which ids it does not know (a kit test fails on them).
 */
import { isRuleId, type RuleId } from '../spec/index.ts';

const ID = '[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+';
const TITLE_PREFIX = new RegExp(`^\\s*(${ID}(?:\\s*,\\s*${ID})*):\\s`);

export const ruleTitle = (rules: RuleId | readonly RuleId[], text: string): string =>
  `${(typeof rules === 'string' ? [rules] : rules).join(', ')}: ${text}`;

export interface ParsedRuleTitle {
  /** The catalog's ids the title starts with, in order. */
  readonly ids: readonly RuleId[];
  /** Id-shaped words the title starts with that the catalog does not know. */
  readonly unknown: readonly string[];
}

export const parseRuleTitle = (title: string): ParsedRuleTitle => {
  const prefix = TITLE_PREFIX.exec(title)?.[1];
  if (prefix === undefined) return { ids: [], unknown: [] };
  const words = prefix.split(',').map((word) => word.trim());
  return { ids: words.filter(isRuleId), unknown: words.filter((word) => !isRuleId(word)) };
};

export const ruleIdsOfTitle = (title: string): readonly RuleId[] => parseRuleTitle(title).ids;

/** A pattern (for Playwright's --grep) of the titles that name one of these rule ids. */
export const titlePatternOf = (ids: readonly RuleId[]): string => `(^|[ ,])(${ids.join('|')})[,:] `;

/** Why a conformance test's title is not acceptable, or undefined: it must name known rules only. */
export const titleProblem = (title: string): string | undefined => {
  const { ids, unknown } = parseRuleTitle(title);
  if (unknown.length > 0) return `names ${unknown.join(', ')}, not in the catalog (spec/rules.ts)`;
  if (ids.length === 0) return 'names no rule id of the catalog (titles start with `RULE-ID: `)';
  return undefined;
};
