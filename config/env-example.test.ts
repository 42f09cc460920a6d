/**
 * `.env.example` documents the whole target contract: every variable of the README's contract table
 * and the run's three waits, and nothing else. Copied as it is, it leaves the kit on the reference server; with its lines
 * uncommented, the contract parser reads it as a complete sandbox target. Its values are made up.
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { readTargetContract, readTimeouts } from './index.ts';

const read = (file: string): string => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** The run's time-outs, which the example documents beside the contract (docs/configuration.md). */
const TIMEOUT_VARIABLES = [
  'REQUEST_TIMEOUT_SECONDS',
  'KIT_TEST_TIMEOUT_SECONDS',
  'KIT_RECOVERY_WAIT_SECONDS',
];

/** The variables the README's table "The target contract" names, in its first column. */
const contractTableVariables = (readme: string): string[] => {
  const section = readme.slice(readme.indexOf('## The target contract'));
  const table = section.slice(section.indexOf('| variable |'));
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
  return rows
    .flatMap((row) => row.split('|')[1]?.match(/`[A-Z0-9_]+`/g) ?? [])
    .map((name) => name.slice(1, -1));
};

/** The variables the example names, commented or not (`# NAME=value`). */
const exampleVariables = (example: string): string[] =>
  [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);

const uncommented = (example: string): string => example.replace(/^# ?([A-Z][A-Z0-9_]*=)/gm, '$1');

test('ENV-EXAMPLE: .env.example names every variable of the README contract table, and only those', () => {
  const table = contractTableVariables(read('README.md'));
  expect(table.length).toBeGreaterThanOrEqual(14);
  expect(table).toContain('TARGET_BASE_URL');
  const example = exampleVariables(read('.env.example'));
  expect(new Set(example).size, 'each variable once').toBe(example.length);
  expect([...example].sort()).toEqual([...new Set([...table, ...TIMEOUT_VARIABLES])].sort());
});

test('ENV-EXAMPLE: copied as it is, it selects the reference server; uncommented, a complete sandbox target', () => {
  const text = read('.env.example');
  expect(parseEnv(text)).toEqual({});
  expect(readTargetContract(parseEnv(text)).kind).toBe('embedded');
  // TARGET_CA_FILE names a file of the user's: left out here, the rest must parse as it stands.
  const { TARGET_CA_FILE, ...values } = parseEnv(uncommented(text));
  expect(TARGET_CA_FILE).toBeDefined();
  const contract = readTargetContract(values);
  expect(contract.kind).toBe('remote');
  if (contract.kind !== 'remote') return;
  expect(contract.target.environment).toBe('sandbox');
  expect(contract.target.tenantB).toBeDefined();
  expect(contract.target.rateLimitTenant).toBeDefined();
  for (const tenant of ['A', 'B', 'RATE_LIMIT'] as const)
    expect(contract.target.limits[tenant]).toEqual({ requestsPerWindow: 1000, windowSeconds: 60 });
  expect(() => readTimeouts(values)).not.toThrow();
  // Made-up credentials only: every token says it is a placeholder.
  const tokens = Object.entries(values).filter(([name]) => name.endsWith('_ACCESS_TOKEN'));
  expect(tokens).toHaveLength(3);
  for (const [, token] of tokens) expect(token).toMatch(/^svc_test_replace-with-/);
});

test('ENV-EXAMPLE: the comparison of names sees a variable missing from the example', () => {
  const readme = read('README.md').replace('| `KIT_RUN_ID` |', '| `KIT_RUN_ID`, `KIT_NEW_SETTING` |');
  expect(contractTableVariables(readme)).toContain('KIT_NEW_SETTING');
  expect(exampleVariables(read('.env.example'))).not.toContain('KIT_NEW_SETTING');
});
