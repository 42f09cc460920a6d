import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { CHECK_RECORD_CONTENT_TYPE, CHECK_RECORD_SCHEMA } from '../../run-records/check-record.ts';
import type { DeclarationEntry } from '../certificate/declarations.ts';
import { DECLARED_LABEL, markDeclaredInAllureResults } from './allure-declared.ts';

const DECLARED: DeclarationEntry = {
  rule: 'VAL-TYPE-ENUM',
  differs: 'type also takes BANK_MOVEMENT',
  reason: 'bank movements share the endpoint',
  acceptedBy: 'Jane Doe',
  status: 'occurs',
  verdict: 'declared',
};

/** A result of allure-playwright with its check record as an attachment of a step, as it writes them. */
const writeResult = (folder: string, name: string, status: string, violated: readonly string[]): string => {
  const record = {
    schema: CHECK_RECORD_SCHEMA,
    ruleIds: ['VAL-TYPE-ENUM'],
    attempt: { retry: 0, repeatEachIndex: 0, workerIndex: 0 },
    status: status === 'failed' ? 'failed' : 'passed',
    violations: violated.map((rule) => ({ rule, message: `${rule}: broken` })),
  };
  writeFileSync(join(folder, `${name}-attachment.json`), JSON.stringify(record));
  const file = join(folder, `${name}-result.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name,
      status,
      labels: [{ name: 'story', value: 'VAL-TYPE-ENUM' }],
      steps: [
        {
          name: 'check record',
          attachments: [
            { name: 'check record', source: `${name}-attachment.json`, type: CHECK_RECORD_CONTENT_TYPE },
          ],
        },
      ],
    }),
  );
  return file;
};

test('ALLURE: a failed test whose every violation is of a declared rule is filed under the declared deviations, still failed', () => {
  const folder = mkdtempSync(join(tmpdir(), 'allure-declared-'));
  try {
    const declared = writeResult(folder, 'declared', 'failed', ['VAL-TYPE-ENUM']);
    const mixed = writeResult(folder, 'mixed', 'failed', ['VAL-TYPE-ENUM', 'ERROR-BODY-SHAPE']);
    const passed = writeResult(folder, 'passed', 'passed', []);
    expect(markDeclaredInAllureResults(folder, [DECLARED])).toBe(1);
    const result = JSON.parse(readFileSync(declared, 'utf8'));
    expect(result.status).toBe('failed');
    expect(result.labels).toContainEqual(DECLARED_LABEL);
    expect(result.description).toContain(
      'VAL-TYPE-ENUM: type also takes BANK_MOVEMENT (bank movements share the endpoint; accepted by Jane Doe)',
    );
    // A failure of an undeclared rule beside it is a deviation as any: not filed apart.
    expect(JSON.parse(readFileSync(mixed, 'utf8')).labels).not.toContainEqual(DECLARED_LABEL);
    expect(JSON.parse(readFileSync(passed, 'utf8')).labels).not.toContainEqual(DECLARED_LABEL);
    // Twice changes nothing more; no declaration, nothing.
    expect(markDeclaredInAllureResults(folder, [DECLARED])).toBe(0);
    expect(markDeclaredInAllureResults(folder, [])).toBe(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("ALLURE: the report's first category for a failure takes the declared label, before the deviations", () => {
  // The configuration as Allure reads it: the module itself, in a process of its own.
  const probe = `import('./allurerc.mjs').then((m) => console.log(JSON.stringify(m.default.categories)))`;
  const read = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
  expect(read.status, read.stderr).toBe(0);
  const categories = JSON.parse(read.stdout) as { id: string; matchers: { labels?: object } }[];
  const declaredAt = categories.findIndex((c) => c.id === 'declared-deviation');
  expect(categories[declaredAt]?.matchers.labels).toEqual({ [DECLARED_LABEL.name]: DECLARED_LABEL.value });
  expect(declaredAt).toBeLessThan(categories.findIndex((c) => c.id === 'critical-deviation'));
  expect(declaredAt).toBeLessThan(categories.findIndex((c) => c.id === 'deviation'));
});
