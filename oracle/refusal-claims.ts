/**
 * What a refusal of a request that breaks no stated rule may not say: that it does. A valid event
 * refused with ERR-3004 breaks VAL-CURRENCY-ISO4217 (the currency is ISO 4217), a fresh externalId
 * refused with ERR-4001 breaks DEDUP-EXTERNAL-ID; each such claim, top-level or in errors[], is a
 * violation of the rule of its code. A refusal under a code of no stated rule is a reading of a gap.
 *
 * Where the request probes a gap of one field (its length, its precision, a value whose allowed set is
 * not shown), a refusal under that field's own code is a reading too: the reference itself answers an
 * amount of the wrong JSON type with ERR-3005. So claims about the probed fields are not violations,
 * but where the code's condition is false whatever limit the deployment sets (a code's condition, not
 * a limit's): ERR-3001 for an externalId that has characters, ERR-3005 for an amount of 1 or more (a
 * column of few decimals may round a smaller one to zero), ERR-3007 where every item sent has a currency
 * every list holds, ERR-3008 where every item sent has an amount of 1 or more. An empty list refused
 * under an item's code is a reading of a list required non-empty.
 */

import type { RuleId } from '../spec/index.ts';
import { fieldOfCode, isRequestBodyCode, isValidationCode, ruleOfCode } from './code-rules.ts';
import { fieldSegments } from './field-paths.ts';
import { type HttpAnswer, isPlainObject } from './http-answer.ts';
import { type Violation, violationOf } from './violation.ts';

/** The codes an answer names: its top-level errorCode and those of errors[]. */
export const claimedCodes = (answer: HttpAnswer): { code: string; field?: string }[] => {
  const body = isPlainObject(answer.json) ? answer.json : undefined;
  if (!body) return [];
  const claims: { code: string; field?: string }[] = [];
  if (typeof body.errorCode === 'string') claims.push({ code: body.errorCode });
  if (Array.isArray(body.errors)) {
    for (const item of body.errors) {
      if (isPlainObject(item) && typeof item.errorCode === 'string') {
        claims.push({
          code: item.errorCode,
          ...(typeof item.field === 'string' ? { field: item.field } : {}),
        });
      }
    }
  }
  return claims;
};

export interface ClaimOptions {
  /** Fields whose gap the request probes: a claim about them (or inside them) is a reading. */
  readonly probedFields?: readonly string[];
  /** Codes the request really earns (ERR-4001 for a PUT onto a taken externalId). */
  readonly trueClaims?: readonly string[];
  /**
   * The rule a false validation code breaks when it is not the code's own: on a PUT, UPDATE-VALIDATES
   * (POST applies the code perfectly well; the PUT validates wrongly, against the stored type, say).
   */
  readonly creditValidationClaimsTo?: RuleId;
  /** The body sent, for the claims about probed fields that are false whatever the limit. */
  readonly sent?: unknown;
}

/** Currencies every ISO 4217 list holds: an item of one has no currencyCode to refuse. */
const CURRENCIES_EVERY_LIST_HOLDS: ReadonlySet<unknown> = new Set(['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'SEK']);

const atLeastOne = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1;

/** Whether a code's condition is false for the body sent, whatever limit a deployment sets on its field. */
const falseWhateverTheLimit = (code: string, sent: unknown): boolean => {
  if (!isPlainObject(sent)) return false;
  const items = Array.isArray(sent.multiCurrencyAmounts) ? sent.multiCurrencyAmounts : undefined;
  switch (code) {
    case 'ERR-3001':
      return typeof sent.externalId === 'string' && sent.externalId.trim() !== '';
    case 'ERR-3005':
      return atLeastOne(sent.amount);
    // An empty list refused under an item's code reads a list required non-empty (GAP-REQUIRED-FIELDS).
    case 'ERR-3007':
      return (
        items !== undefined &&
        items.length > 0 &&
        items.every((item) => isPlainObject(item) && CURRENCIES_EVERY_LIST_HOLDS.has(item.currencyCode))
      );
    case 'ERR-3008':
      return (
        items !== undefined &&
        items.length > 0 &&
        items.every((item) => isPlainObject(item) && atLeastOne(item.amount))
      );
    default:
      return false;
  }
};

const lowerSegments = (path: string): string[] => fieldSegments(path).map((s) => s.toLowerCase());

/** Whether a field is one of the probed fields or lies inside one (`payload.channel` in `payload`). */
const isProbed = (field: string, probed: readonly string[]): boolean => {
  const segments = lowerSegments(field);
  return probed.some((p) => {
    const want = lowerSegments(p);
    // Any notation: compare the trailing segments that name the probed field (a root may come first).
    for (let start = 0; start + want.length <= segments.length; start += 1) {
      if (want.every((segment, i) => segments[start + i] === segment)) return true;
    }
    return segments.length > 0 && want.slice(-segments.length).join('.') === segments.join('.');
  });
};

/** Violations for every stated request-body code an answer claims for a request that breaks none. */
export const falseClaimViolations = (
  answer: HttpAnswer,
  what: string,
  options: ClaimOptions = {},
): Violation[] => {
  const seen = new Set<string>();
  const violations: Violation[] = [];
  const probed = options.probedFields ?? [];
  for (const claim of claimedCodes(answer)) {
    const rule = ruleOfCode(claim.code);
    if (!rule || !isRequestBodyCode(claim.code) || seen.has(claim.code)) continue;
    if (options.trueClaims?.includes(claim.code)) continue;
    // The field's own validation code is a reading of its gap; a duplicate is never one.
    const about = claim.field ?? fieldOfCode(claim.code);
    const reading =
      isValidationCode(claim.code) &&
      about !== undefined &&
      isProbed(about, probed) &&
      !falseWhateverTheLimit(claim.code, options.sent);
    if (reading) continue;
    seen.add(claim.code);
    violations.push(
      violationOf(
        isValidationCode(claim.code) ? (options.creditValidationClaimsTo ?? rule) : rule,
        `${what} was refused with ${claim.code}${claim.field ? ` on ${claim.field}` : ''}, which it does not break`,
      ),
    );
  }
  return violations;
};
