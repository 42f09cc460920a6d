/**
 * The two ISO code lists the spec names, from well-kept data packages rather than a hand-typed list:
 * ISO 3166-1 alpha-2 from `iso-3166` (assigned codes only) and ISO 4217 from `currency-codes`.
 * Both are matched exactly as sent: the standards write the codes in upper case, so "de" and "eur"
 * are not codes (currency-codes' own lookup upper-cases, which is why a Set of its list is used).
 */
import currencyCodes from 'currency-codes';
import { iso31661 } from 'iso-3166';

export const COUNTRY_CODES: ReadonlySet<string> = new Set(iso31661.map((entry) => entry.alpha2));

/** Alpha-3 codes: not valid countryCodes, known only so that a mutant can wrongly accept them. */
export const COUNTRY_ALPHA3_CODES: ReadonlySet<string> = new Set(iso31661.map((entry) => entry.alpha3));

export const CURRENCY_CODES: ReadonlySet<string> = new Set(currencyCodes.codes());

export const isCountryCode = (value: string): boolean => COUNTRY_CODES.has(value);

export const isCurrencyCode = (value: string): boolean => CURRENCY_CODES.has(value);
