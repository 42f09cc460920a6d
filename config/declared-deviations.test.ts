import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ConfigError } from './config-error.ts';
import { declarationHolds, parseDeclaredDeviations, readDeclaredDeviations } from './declared-deviations.ts';

const problemsOf = (source: string): string[] => {
  try {
    parseDeclaredDeviations(source, 'dev.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message.split('\n');
  }
  throw new Error('expected a ConfigError');
};

test('DECLARED-DEVIATIONS: YAML or JSON, each declaration a stated rule with what differs, why and who accepted it', () => {
  const yaml = parseDeclaredDeviations(
    `deviations:
  - rule: AUTH-TOKEN-PREFIX
    differs: th_test_ prefixes
    reason: legacy
    acceptedBy: Jane Doe
    acceptedOn: 2026-01-15
    until: 2026-12-31
`,
    'dev.yaml',
  );
  expect(yaml).toEqual({
    file: 'dev.yaml',
    deviations: [
      {
        rule: 'AUTH-TOKEN-PREFIX',
        differs: 'th_test_ prefixes',
        reason: 'legacy',
        acceptedBy: 'Jane Doe',
        acceptedOn: '2026-01-15',
        until: '2026-12-31',
      },
    ],
  });
  const json = parseDeclaredDeviations(
    JSON.stringify({
      deviations: [{ rule: 'VAL-TYPE-ENUM', differs: 'BANK_MOVEMENT', reason: 'r', acceptedBy: 'a' }],
    }),
    'dev.json',
  );
  expect(json.deviations[0]?.rule).toBe('VAL-TYPE-ENUM');
  expect(declarationHolds(yaml.deviations[0] as never, '2026-12-31')).toBe(true);
  expect(declarationHolds(yaml.deviations[0] as never, '2027-01-01')).toBe(false);
  expect(declarationHolds(json.deviations[0] as never, '2099-01-01')).toBe(true);
});

test('DECLARED-DEVIATIONS: every problem is a line of its own, naming the file and the place', () => {
  expect(
    problemsOf(`deviations:
  - rule: GAP-PUT-STATUS
    differs: x
    reason: y
    acceptedBy: ""
    until: 31/12/2026
    note: extra
  - rule: NO-SUCH-RULE
`),
  ).toEqual([
    'dev.yaml: deviations[0].rule GAP-PUT-STATUS is a gap, where the spec is silent: a reading of it is never a deviation',
    'dev.yaml: deviations[0].acceptedBy must not be empty',
    'dev.yaml: deviations[0].until must be a date, YYYY-MM-DD',
    'dev.yaml: deviations[0] has an unknown field note (the fields are rule, differs, reason, acceptedBy, acceptedOn, until)',
    'dev.yaml: deviations[1].rule NO-SUCH-RULE is not a rule id of the catalog (spec/rules.ts)',
    'dev.yaml: deviations[1].differs is required',
    'dev.yaml: deviations[1].reason is required',
    'dev.yaml: deviations[1].acceptedBy is required',
  ]);
  const twice = '  - { rule: VAL-TYPE-ENUM, differs: a, reason: b, acceptedBy: c }\n';
  expect(problemsOf(`deviations:\n${twice}${twice}`)).toEqual([
    'dev.yaml: deviations[1].rule VAL-TYPE-ENUM is declared twice',
  ]);
  expect(problemsOf('deviations: []')).toEqual(['dev.yaml: deviations must list at least one deviation']);
  expect(problemsOf('[]')).toEqual(['dev.yaml: the file must be an object with a "deviations" list']);
  expect(problemsOf('{"deviations": [')[0]).toMatch(/^dev\.yaml is neither YAML nor JSON: /);
});

test('DECLARED-DEVIATIONS: DECLARED_DEVIATIONS_FILE names the file; unset, there is none; unreadable, one line', () => {
  expect(readDeclaredDeviations({})).toBeUndefined();
  const folder = mkdtempSync(join(tmpdir(), 'declared-'));
  try {
    const file = join(folder, 'declared.yaml');
    writeFileSync(file, 'deviations:\n  - { rule: VAL-TYPE-ENUM, differs: a, reason: b, acceptedBy: c }\n');
    expect(readDeclaredDeviations({ DECLARED_DEVIATIONS_FILE: file })?.deviations).toHaveLength(1);
    expect(() => readDeclaredDeviations({ DECLARED_DEVIATIONS_FILE: join(folder, 'missing.yaml') })).toThrow(
      /^DECLARED_DEVIATIONS_FILE names .*missing\.yaml, which cannot be read$/,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
