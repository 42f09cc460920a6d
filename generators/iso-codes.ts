/**
 * The pools of country and currency codes the generators draw from: valid ones that every
 * deployment's list agrees on, and invalid ones that no list knows.
 *
 * Data:
 * - `iso-3166` (wooorm): ISO 3166-1 assigned codes (`iso31661`), the reserved alpha-2 codes in all
 *   four states (`iso31661Reserved`: exceptionally, transitionally, indeterminately reserved and
 *   formerly assigned) and ISO 3166-3 (`iso31663`, countries that ceased to exist, with the codes they
 *   had and the codes that replaced them). Well kept (regular releases, generated from ISO's own
 *   online browsing platform) and ESM with no dependencies, so it bundles for k6 as it is.
 * - `currency-codes`: ISO 4217 Table A.1 (list one), generated from the XML that SIX publishes
 *   for ISO; its publication date is `CURRENCY_LIST_ONE_DATE`.
 * - `iso-4217-withdrawn.ts`: Table A.3 (list three, historic codes); see that file for why it is a
 *   transcription.
 * - The ranges ISO 3166-1 leaves to users (AA, QM to QZ, XA to XZ, ZZ) are a rule of the standard,
 *   not data, and are written out below. ISO 4217 leaves the same ranges (AAA-AAZ, QMA-QZZ,
 *   XAA-XZZ, ZZA-ZZZ) to users, and its X codes (XAU, XXX, XTS, ...) are real codes.
 *
 * Why the pools are narrower than the lists: a deployment validates with its own copy of the lists,
 * slightly older or newer than these packages. A valid value must be valid in all of them, so codes
 * that changed recently are left out; an invalid value must be invalid in all of them, so anything
 * that is, was or is reserved to be a code is left out, in any list.
 */
import { data as currencyListOne, publishDate as currencyListOneDate } from 'currency-codes';
import { iso31661 } from 'iso-3166/1.js';
import { iso31661Reserved } from 'iso-3166/1-reserved.js';
import { iso31663 } from 'iso-3166/3.js';
import { WITHDRAWN_ISO_4217_CODES } from './iso-4217-withdrawn.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALL_LETTER_PAIRS: readonly string[] = LETTERS.split('').flatMap((a) =>
  LETTERS.split('').map((b) => a + b),
);
/** Own keys only, without Object.hasOwn (ES2022, which the k6 path does without). */
const hasOwn = (object: object, key: string): boolean => Object.keys(object).includes(key);
const sorted = (values: Iterable<string>): readonly string[] => Object.freeze([...new Set(values)].sort());

// ---------------------------------------------------------------------------------------------
// ISO 3166-1 alpha-2

/** ISO 3166-1 section 8.1.3: alpha-2 codes left to users; never assigned to a country. */
export const USER_ASSIGNED_ALPHA2: readonly string[] = sorted(
  ALL_LETTER_PAIRS.filter(
    (pair) => pair === 'AA' || pair === 'ZZ' || /^Q[M-Z]$/.test(pair) || pair[0] === 'X',
  ),
);

/**
 * Alpha-2 codes assigned since 2000, the date each was added. A deployment whose country list is
 * older than that date would reject them, so they are kept out of the valid pool. Every other
 * currently assigned code has been assigned, unchanged, for more than 25 years; the changes since
 * then were renamings (e.g. TR, SZ, MK, CZ), which do not touch the codes. ISO 3166-3 records some
 * of these as the result of a split (BQ/CW/SX from AN, ME/RS from CS, TL from TP), others were new
 * without a predecessor (AX, GG, IM, JE, BL, MF, SS).
 */
export const RECENTLY_ASSIGNED_ALPHA2: Readonly<Record<string, string>> = Object.freeze({
  TL: '2002-05-20',
  AX: '2004-02-13',
  GG: '2006-03-29',
  IM: '2006-03-29',
  JE: '2006-03-29',
  ME: '2006-09-26',
  RS: '2006-09-26',
  BL: '2007-09-21',
  MF: '2007-09-21',
  BQ: '2010-12-15',
  CW: '2010-12-15',
  SX: '2010-12-15',
  SS: '2011-08-09',
});

/**
 * Pairs that are no ISO 3166 code but that other bodies use for a country, so that a deployment
 * reading a list of "country codes" beside ISO's may accept them: EL (Greece in the EU's own lists).
 * UK (EU and UN usage) and XK (Kosovo) are covered already, as exceptionally reserved and user-assigned.
 */
export const NON_ISO_COUNTRY_CODES_IN_USE: readonly string[] = Object.freeze(['EL']);

/** The currently assigned alpha-2 codes, as the package has them. */
export const CURRENT_ALPHA2: readonly string[] = sorted(iso31661.map((entry) => entry.alpha2));

/**
 * Every alpha-2 code that is, was, or is reserved to be a code, in any list, and the non-ISO codes in
 * use above: no invalid value is one.
 */
export const KNOWN_ALPHA2: ReadonlySet<string> = new Set([
  ...CURRENT_ALPHA2,
  ...iso31661Reserved.map((entry) => entry.alpha2),
  ...iso31663.flatMap((entry) => [entry.from.alpha2, ...entry.to.map((to) => to.alpha2)]),
  ...USER_ASSIGNED_ALPHA2,
  ...NON_ISO_COUNTRY_CODES_IN_USE,
]);

const reservedAlpha2 = new Set(iso31661Reserved.map((entry) => entry.alpha2));

/** Valid country codes: assigned now, assigned before 2000, and in no reserved state. */
export const VALID_COUNTRY_CODES: readonly string[] = sorted(
  CURRENT_ALPHA2.filter((code) => !hasOwn(RECENTLY_ASSIGNED_ALPHA2, code) && !reservedAlpha2.has(code)),
);

const validCountryEntries = iso31661.filter((entry) => VALID_COUNTRY_CODES.includes(entry.alpha2));

/**
 * Invalid country codes by kind. Each is no ISO 3166-1 alpha-2 code in any list: letter pairs that
 * are in no state at all (not assigned, reserved in any way, formerly used, or left to users), and
 * near misses of valid codes (case, the alpha-3 and numeric codes of the same country, one letter,
 * the empty string).
 */
export const INVALID_COUNTRY_CODES = Object.freeze({
  unassigned: sorted(ALL_LETTER_PAIRS.filter((pair) => !KNOWN_ALPHA2.has(pair))),
  lowercase: sorted(VALID_COUNTRY_CODES.map((code) => code.toLowerCase())),
  mixedCase: sorted(VALID_COUNTRY_CODES.map((code) => `${code.charAt(0)}${code.charAt(1).toLowerCase()}`)),
  alpha3: sorted(validCountryEntries.map((entry) => entry.alpha3)),
  numeric: sorted(validCountryEntries.map((entry) => entry.numeric)),
  oneLetter: sorted(LETTERS.split('')),
  empty: Object.freeze(['']),
} satisfies Record<string, readonly string[]>);
export type InvalidCountryCodeKind = keyof typeof INVALID_COUNTRY_CODES;

// ---------------------------------------------------------------------------------------------
// ISO 4217

/** Publication date of the list one the package was generated from. */
export const CURRENCY_LIST_ONE_DATE: string = currencyListOneDate;

/** The codes of ISO 4217 list one, as the package has them. */
export const CURRENT_ISO_4217: readonly string[] = sorted(currencyListOne.map((entry) => entry.code));

const MINOR_UNITS: ReadonlyMap<string, number> = new Map(
  currencyListOne.map((entry) => [entry.code, entry.digits]),
);

/** The decimals of a currency's minor unit in list one (0 for JPY, 3 for KWD); 2 for a code it lacks. */
export const minorUnitOf = (code: string): number => MINOR_UNITS.get(code) ?? 2;

/**
 * Fund codes of list one (index units and settlement funds, not money in circulation). They are
 * ISO 4217 codes, but a deployment may validate against the currencies a payment can be made in, so
 * valid events leave them out.
 */
export const ISO_4217_FUND_CODES: readonly string[] = sorted([
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
]);

/**
 * The X codes that are the currencies of a region, in use for decades. The other X codes (metals,
 * bond market units, XDR, XSU, XUA, the test code XTS and "no currency" XXX) are ISO 4217 codes but
 * no money a payment is made in; valid events leave them out, invalid events never use them.
 */
export const REGIONAL_X_CURRENCIES: readonly string[] = sorted(['XAF', 'XCD', 'XOF', 'XPF']);

/**
 * Codes of list one that were introduced, or were withdrawn or announced for withdrawal, from 2015
 * on: a deployment's list a few years older or newer than the package disagrees about them. Codes
 * introduced after the package's list (XCG, 2025) are not in it and never valid here.
 */
export const RECENTLY_CHANGED_ISO_4217: Readonly<Record<string, string>> = Object.freeze({
  BYN: 'introduced 2016 (replaced BYR)',
  MRU: 'introduced 2018 (replaced MRO)',
  STN: 'introduced 2018 (replaced STD)',
  VES: 'introduced 2018 (replaced VEF)',
  VED: 'introduced 2021',
  SLE: 'introduced 2022 (replaced SLL)',
  ZWG: 'introduced 2024 (replaced ZWL)',
  CUC: 'withdrawn from circulation 2021',
  ANG: 'replaced by XCG in 2025',
  BGN: 'replaced by EUR in 2026',
});

/** Every ISO 4217 alphabetic code, current or withdrawn, that some list carries. */
export const KNOWN_ISO_4217: ReadonlySet<string> = new Set([
  ...CURRENT_ISO_4217,
  ...WITHDRAWN_ISO_4217_CODES,
]);

/** Valid currency codes: list one, money in circulation, unchanged for ten years. */
export const VALID_CURRENCY_CODES: readonly string[] = sorted(
  CURRENT_ISO_4217.filter(
    (code) =>
      (!code.startsWith('X') || REGIONAL_X_CURRENCIES.includes(code)) &&
      !ISO_4217_FUND_CODES.includes(code) &&
      !hasOwn(RECENTLY_CHANGED_ISO_4217, code),
  ),
);

/**
 * Letter pairs no ISO 4217 code can start with: no alpha-2 code in any state (nearly every currency
 * code is an alpha-2 code and a letter, for current codes and for withdrawn ones alike), not the
 * first two letters of any known code (which also covers anomalies such as AYM), and not X (the
 * supranational and special codes).
 */
const KNOWN_ISO_4217_PREFIXES: ReadonlySet<string> = new Set(
  [...KNOWN_ISO_4217].map((code) => code.slice(0, 2)),
);
const CURRENCY_FREE_PREFIXES: readonly string[] = ALL_LETTER_PAIRS.filter(
  (pair) => !pair.startsWith('X') && !KNOWN_ALPHA2.has(pair) && !KNOWN_ISO_4217_PREFIXES.has(pair),
);

/**
 * Invalid currency codes by kind, each no ISO 4217 alphabetic code in any list. Numeric strings are
 * left out on purpose: ISO 4217 also defines numeric codes ("978" is the euro's), and the spec says
 * only "ISO 4217 code", so a deployment that accepts "978" reads the spec in a consistent way.
 */
export const INVALID_CURRENCY_CODES = Object.freeze({
  unassigned: sorted(CURRENCY_FREE_PREFIXES.flatMap((pair) => LETTERS.split('').map((c) => pair + c))),
  lowercase: sorted(VALID_CURRENCY_CODES.map((code) => code.toLowerCase())),
  mixedCase: sorted(VALID_CURRENCY_CODES.map((code) => `${code.charAt(0)}${code.slice(1).toLowerCase()}`)),
  twoLetters: sorted(VALID_CURRENCY_CODES.map((code) => code.slice(0, 2))),
  fourLetters: sorted(VALID_CURRENCY_CODES.map((code) => `${code}${code.charAt(2)}`)),
  withDigit: sorted(VALID_CURRENCY_CODES.map((code) => `${code.slice(0, 2)}0`)),
  empty: Object.freeze(['']),
} satisfies Record<string, readonly string[]>);
export type InvalidCurrencyCodeKind = keyof typeof INVALID_CURRENCY_CODES;
