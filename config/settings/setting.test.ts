import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { ConfigError } from '../config-error.ts';
import {
  amount,
  decimal,
  define,
  durationSeconds,
  integer,
  matching,
  millisecondsRange,
  oneOf,
  onOff,
  secondsUpTo,
  wholeNumber,
} from './setting.ts';

/** The one line a bad value is refused with. */
const refusal = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

test('SETTINGS: on/off reads true/1 and false/0 in any case, unset and blank as off, and refuses the rest', () => {
  for (const on of ['true', 'TRUE', ' 1 ']) expect(onOff(on, 'X'), on).toBe(true);
  for (const off of [undefined, '', ' ', 'false', 'False', '0'])
    expect(onOff(off, 'X'), String(off)).toBe(false);
  expect(refusal(() => onOff('yes', 'X'))).toBe('X must be true or false; got "yes"');
});

test('SETTINGS: a whole number is digits within its bounds; unset gives the fallback, which may be none', () => {
  expect(wholeNumber(8080, 0, 65535)(undefined, 'P')).toBe(8080);
  expect(wholeNumber(8080, 0, 65535)(' 0 ', 'P')).toBe(0);
  expect(wholeNumber(undefined, 1)('', 'P')).toBeUndefined();
  expect(wholeNumber(undefined, 1)('12', 'P')).toBe(12);
  expect(refusal(() => wholeNumber(8080, 0, 65535)('70000', 'P'))).toBe(
    'P must be a whole number from 0 to 65535; got "70000"',
  );
  for (const bad of ['1e3', '-1', '2.5', '0x10'])
    expect(
      refusal(() => wholeNumber(3, 2)(bad, 'W')),
      bad,
    ).toBe(`W must be a whole number of at least 2; got "${bad}"`);
});

test('SETTINGS: a decimal and an amount are digits with an optional fraction, a decimal within its bounds', () => {
  expect(decimal(0.8, 0.01, 1)(undefined, 'S')).toBe(0.8);
  expect(decimal(0.8, 0.01, 1)('0.5', 'S')).toBe(0.5);
  expect(refusal(() => decimal(0.8, 0.01, 1)('1.5', 'S'))).toBe('S must be between 0.01 and 1; got "1.5"');
  expect(refusal(() => decimal(0.8, 0.01, 1)('.5', 'S'))).toBe('S must be a decimal number; got ".5"');
  expect(amount(25)(undefined, 'T')).toBe(25);
  expect(amount(25)('12.5', 'T')).toBe(12.5);
  expect(refusal(() => amount(25)('-1', 'T'))).toBe('T must be a number of zero or more');
});

test('SETTINGS: seconds above 0 up to a bound; a duration in any of the kit’s forms, in whole seconds up to a bound', () => {
  expect(secondsUpTo(3600)(undefined, 'R')).toBeUndefined();
  expect(secondsUpTo(3600)('2.5', 'R')).toBe(2.5);
  for (const bad of ['0', '3601', 'soon'])
    expect(
      refusal(() => secondsUpTo(3600)(bad, 'R')),
      bad,
    ).toBe('R must be a number of seconds from 0 to 3600');
  expect(durationSeconds(3600)(undefined, 'D')).toBeUndefined();
  expect(durationSeconds(3600)('1m30s', 'D')).toBe(90);
  expect(durationSeconds(3600)('1500ms', 'D')).toBe(2);
  expect(refusal(() => durationSeconds(3600)('2h', 'D'))).toBe('D must be at most 3600s');
  expect(refusal(() => durationSeconds(3600)('forever', 'D'))).toMatch(/^D must be a duration such as 45s/);
});

test('SETTINGS: one of a list of words, a whole number of either sign, a text of a given form', () => {
  expect(oneOf(['sandbox', 'production'] as const, 'sandbox')(undefined, 'E')).toBe('sandbox');
  expect(oneOf(['sandbox', 'production'] as const, 'sandbox')(' production ', 'E')).toBe('production');
  expect(refusal(() => oneOf(['A', 'B'] as const, 'A')('C', 'E'))).toBe('E must be one of A, B; got "C"');
  expect(integer('-42', 'N')).toBe(-42);
  expect(integer(' ', 'N')).toBeUndefined();
  expect(refusal(() => integer('abc', 'N'))).toBe('N must be a whole number; got "abc"');
  expect(matching(/^\d+(:\d+)*$/, '12:0:3')('3:0:1', 'F')).toBe('3:0:1');
  expect(refusal(() => matching(/^\d+(:\d+)*$/, '12:0:3')('1;2', 'F'))).toBe(
    'F must look like 12:0:3; got "1;2"',
  );
});

test('SETTINGS: a span of milliseconds is fixed or a range, up to a bound; 0 is none', () => {
  const latency = millisecondsRange(60_000);
  expect(latency(undefined, 'L')).toBeUndefined();
  expect(latency('120', 'L')).toEqual({ minMs: 120, maxMs: 120 });
  expect(latency('80 - 160', 'L')).toEqual({ minMs: 80, maxMs: 160 });
  expect(latency('0', 'L')).toBeUndefined();
  for (const bad of ['160-80', '1.5', '60001', 'fast'])
    expect(
      refusal(() => latency(bad, 'L')),
      bad,
    ).toMatch(/^L must be whole milliseconds, fixed \(120\) or a range/);
});

test('SETTINGS: a definition reads the environment it is handed, as k6 hands its __ENV, and writes one', () => {
  const seed = define({ name: 'A_SEED', doc: 'a seed', audience: 'internal', parse: wholeNumber(7, 1) });
  expect(seed.read({})).toBe(7);
  expect(seed.read({ A_SEED: '9' })).toBe(9);
  expect(refusal(() => seed.read({ A_SEED: 'x' }))).toBe('A_SEED must be a positive whole number; got "x"');
  const env: Record<string, string | undefined> = {};
  seed.write('11', env);
  expect(seed.read(env)).toBe(11);
  seed.write(undefined, env);
  expect(env).toEqual({});
});
