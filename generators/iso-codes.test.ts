import { existsSync, readFileSync } from 'node:fs';
import { data as currencyListOne } from 'currency-codes';
import { iso31661 } from 'iso-3166/1.js';
import { iso31661Reserved } from 'iso-3166/1-reserved.js';
import { iso31663 } from 'iso-3166/3.js';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { WITHDRAWN_ISO_4217_CODES } from './iso-4217-withdrawn.ts';
import {
  INVALID_COUNTRY_CODES,
  INVALID_CURRENCY_CODES,
  RECENTLY_ASSIGNED_ALPHA2,
  RECENTLY_CHANGED_ISO_4217,
  VALID_COUNTRY_CODES,
  VALID_CURRENCY_CODES,
} from './iso-codes.ts';

// The lists, straight from the data packages (not through iso-codes.ts).
const assignedAlpha2 = new Set(iso31661.map((entry) => entry.alpha2));
const reservedAlpha2 = new Set(iso31661Reserved.map((entry) => entry.alpha2));
const formerAlpha2 = new Set(
  iso31663.flatMap((entry) => [entry.from.alpha2, ...entry.to.map((to) => to.alpha2)]),
);
/** ISO 3166-1 8.1.3, written out: AA, QM to QZ, XA to XZ, ZZ. */
const isUserAssignedAlpha2 = (code: string): boolean => /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/.test(code);
const listOne = new Set(currencyListOne.map((entry) => entry.code));

/**
 * Debian's iso-codes, where the machine has it: a second, independent copy of ISO 4217 (list one
 * and the historic codes) and of ISO 3166-1, to check the packages and the transcription against.
 */
const DEBIAN_ISO_4217 = '/usr/share/xml/iso-codes/iso_4217.xml';
const DEBIAN_ISO_3166 = '/usr/share/xml/iso-codes/iso_3166-1.xml';
const debianCodes = (file: string, element: string, attribute: string): string[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(new RegExp(`<${element}\\b[^>]*?\\b${attribute}="([A-Z]+)"`, 'g')),
  ].map((match) => match[1] ?? '');

test('VAL-COUNTRY-ISO3166: valid country codes are assigned now, were assigned before 2000, and are reserved in no way', () => {
  expect(VALID_COUNTRY_CODES.length).toBeGreaterThan(230);
  expect(VALID_COUNTRY_CODES.filter((code) => !assignedAlpha2.has(code))).toEqual([]);
  expect(
    VALID_COUNTRY_CODES.filter((code) => reservedAlpha2.has(code) || isUserAssignedAlpha2(code)),
  ).toEqual([]);
  expect(VALID_COUNTRY_CODES.filter((code) => Object.hasOwn(RECENTLY_ASSIGNED_ALPHA2, code))).toEqual([]);
  // Every code left out as recent is a current one, and every one created by a split since 2000 is left out.
  expect(Object.keys(RECENTLY_ASSIGNED_ALPHA2).filter((code) => !assignedAlpha2.has(code))).toEqual([]);
  for (const code of ['BQ', 'CW', 'SX', 'ME', 'RS', 'SS', 'TL'])
    expect(VALID_COUNTRY_CODES).not.toContain(code);
  for (const code of ['DE', 'FR', 'US', 'GB', 'JP', 'BR', 'ZA', 'IN'])
    expect(VALID_COUNTRY_CODES).toContain(code);
});

test('VAL-COUNTRY-ISO3166: invalid country codes are in no list at all: assigned, reserved, former or user-assigned', () => {
  const all = Object.values(INVALID_COUNTRY_CODES).flat();
  expect(all.filter((code) => assignedAlpha2.has(code))).toEqual([]);
  expect(all.filter((code) => reservedAlpha2.has(code) || formerAlpha2.has(code))).toEqual([]);
  expect(all.filter((code) => isUserAssignedAlpha2(code))).toEqual([]);
  for (const code of ['UK', 'EU', 'XK', 'AN', 'CS', 'YU', 'SU', 'DD', 'ZZ', 'AA', 'QZ', 'EL'])
    expect(all).not.toContain(code);
  expect(INVALID_COUNTRY_CODES.unassigned.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  expect(INVALID_COUNTRY_CODES.alpha3).toContain('USA');
  expect(INVALID_COUNTRY_CODES.numeric).toContain('840');
  expect(INVALID_COUNTRY_CODES.lowercase).toContain('us');
  expect(INVALID_COUNTRY_CODES.empty).toEqual(['']);
});

test('VAL-CURRENCY-ISO4217: valid currency codes are list one currencies, unchanged for years, no funds or special X codes', () => {
  expect(VALID_CURRENCY_CODES.length).toBeGreaterThan(140);
  expect(VALID_CURRENCY_CODES.filter((code) => !listOne.has(code))).toEqual([]);
  // A withdrawn code is valid only where ISO assigned it again long ago (SDG: 1992-1998, again since 2007).
  expect(VALID_CURRENCY_CODES.filter((code) => WITHDRAWN_ISO_4217_CODES.includes(code))).toEqual(['SDG']);
  expect(VALID_CURRENCY_CODES.filter((code) => Object.hasOwn(RECENTLY_CHANGED_ISO_4217, code))).toEqual([]);
  expect(VALID_CURRENCY_CODES.filter((code) => code.startsWith('X'))).toEqual(['XAF', 'XCD', 'XOF', 'XPF']);
  for (const code of ['XAU', 'XXX', 'XTS', 'XDR', 'CHE', 'CLF', 'USN', 'BGN', 'VES', 'SLE']) {
    expect(VALID_CURRENCY_CODES).not.toContain(code);
  }
  for (const code of ['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'KWD', 'BRL', 'INR'])
    expect(VALID_CURRENCY_CODES).toContain(code);
});

test('VAL-CURRENCY-ISO4217: invalid currency codes are in no list: current, withdrawn, X codes or user-assigned ranges', () => {
  const all = Object.values(INVALID_CURRENCY_CODES).flat();
  expect(all.filter((code) => listOne.has(code))).toEqual([]);
  expect(all.filter((code) => WITHDRAWN_ISO_4217_CODES.includes(code))).toEqual([]);
  // ISO 4217 leaves AAA-AAZ, QMA-QZZ, XAA-XZZ and ZZA-ZZZ to users; X codes are real codes (XAU, XXX, XTS).
  expect(all.filter((code) => /^((AA|Q[M-Z]|ZZ)[A-Z]|X[A-Z]{2})$/.test(code))).toEqual([]);
  // Numeric strings are ISO 4217 numeric codes, which a deployment may read as "an ISO 4217 code".
  expect(all.filter((code) => /^\d+$/.test(code))).toEqual([]);
  const countryPrefixed = INVALID_CURRENCY_CODES.unassigned.filter((code) => {
    const prefix = code.slice(0, 2);
    return assignedAlpha2.has(prefix) || reservedAlpha2.has(prefix) || formerAlpha2.has(prefix);
  });
  expect(countryPrefixed).toEqual([]);
  for (const code of ['EUR', 'XAU', 'XXX', 'XTS', 'DEM', 'FRF', 'HRK', 'AYM', 'XEU', 'ZWL'])
    expect(all).not.toContain(code);
});

test("VAL-CURRENCY-ISO4217: Debian's iso-codes agrees: its historic codes are withdrawn here, none of its codes is invalid here", () => {
  test.skip(
    !existsSync(DEBIAN_ISO_4217),
    `${DEBIAN_ISO_4217} is not on this machine (Debian package iso-codes)`,
  );
  const historic = debianCodes(DEBIAN_ISO_4217, 'historic_iso_4217_entry', 'letter_code');
  const current = debianCodes(DEBIAN_ISO_4217, 'iso_4217_entry', 'letter_code');
  expect(historic.length).toBeGreaterThan(50);
  expect(current.length).toBeGreaterThan(150);
  expect(historic.filter((code) => !WITHDRAWN_ISO_4217_CODES.includes(code) && !listOne.has(code))).toEqual(
    [],
  );
  const invalid = new Set(Object.values(INVALID_CURRENCY_CODES).flat());
  expect([...historic, ...current].filter((code) => invalid.has(code))).toEqual([]);
});

test("VAL-COUNTRY-ISO3166: Debian's iso-codes agrees: every valid country code is in its list, no invalid one is", () => {
  test.skip(
    !existsSync(DEBIAN_ISO_3166),
    `${DEBIAN_ISO_3166} is not on this machine (Debian package iso-codes)`,
  );
  const debian = new Set(debianCodes(DEBIAN_ISO_3166, 'iso_3166_entry', 'alpha_2_code'));
  expect(debian.size).toBeGreaterThan(240);
  expect(VALID_COUNTRY_CODES.filter((code) => !debian.has(code))).toEqual([]);
  expect(
    Object.values(INVALID_COUNTRY_CODES)
      .flat()
      .filter((code) => debian.has(code)),
  ).toEqual([]);
});

test('VAL-*: ISO pools are disjoint: no value is both valid and invalid', () => {
  const invalidCountries = new Set(Object.values(INVALID_COUNTRY_CODES).flat());
  const invalidCurrencies = new Set(Object.values(INVALID_CURRENCY_CODES).flat());
  expect(VALID_COUNTRY_CODES.filter((code) => invalidCountries.has(code))).toEqual([]);
  expect(VALID_CURRENCY_CODES.filter((code) => invalidCurrencies.has(code))).toEqual([]);
});
