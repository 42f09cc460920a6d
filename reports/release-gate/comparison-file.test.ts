/**
 * comparison.json and what is built from it: read back only for the run it is about (a stale one of an
 * earlier run never reaches a certificate or a report), and the certificate's "Changed since the
 * baseline" section in Markdown and HTML, a row per change with the tests that observed it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { comparisonHtml, comparisonMarkdown } from '../certificate/comparison-section.ts';
import { PROFILE_SCHEMA, type Profile } from '../profile/profile.ts';
import { COMPARISON_FILE } from './comparison.ts';
import { comparisonFileOf, readComparisonFile, writeComparisonFile } from './comparison-file.ts';
import { compareProfiles } from './diff.ts';

const profile = (runId: string, behaviour: Partial<Profile['behaviour']>): Profile => ({
  schema: PROFILE_SCHEMA,
  run: {
    runId,
    startedAt: '2026-11-21T10:00:00.000Z',
    kitVersion: '0.1.0',
    target: 'staging (sandbox)',
    filters: [],
  },
  behaviour: { rules: {}, readings: {}, load: {}, ...behaviour },
  notes: [],
});

const load = (p95: number): Profile['behaviour']['load'] => ({
  latency: { verdict: 'passed', thresholds: {}, latency: { retrieve: { 'p(95)': p95 } } },
});

const comparison = compareProfiles(
  profile('run-base', {
    rules: { 'VAL-AMOUNT-POSITIVE': { kind: 'rule', verdict: 'passed' } },
    readings: {
      'GAP-ERRORS-ORDER': {
        'VAL-ALL-FAILURES: one': ['spec order'],
        'VAL-ALL-FAILURES: two': ['spec order'],
      },
    },
    load: load(40),
  }),
  profile('run-now', {
    rules: { 'VAL-AMOUNT-POSITIVE': { kind: 'rule', verdict: 'failed' } },
    readings: {
      'GAP-ERRORS-ORDER': {
        'VAL-ALL-FAILURES: one': ['<another> order'],
        'VAL-ALL-FAILURES: two': ['<another> order'],
      },
    },
    load: load(80),
  }),
);

test('COMPARISON FILE: read back for its own run only; a stale or broken one is ignored', () => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-comparison-'));
  expect(readComparisonFile(folder, 'run-now')).toBeUndefined();
  writeComparisonFile(folder, comparisonFileOf(comparison, true));
  expect(readComparisonFile(folder, 'run-now')).toMatchObject({
    outcome: 'deviation',
    exitCode: 1,
    failOnDrift: true,
  });
  expect(readComparisonFile(folder, 'run-of-yesterday')).toBeUndefined();
  expect(readComparisonFile(folder, undefined)).toBeUndefined();
  writeFileSync(join(folder, COMPARISON_FILE), '{ not json');
  expect(readComparisonFile(folder, 'run-now')).toBeUndefined();
});

test('COMPARISON FILE: the certificate section has a row per change, the same change seen by two tests once', () => {
  const file = comparisonFileOf(comparison, false);
  const markdown = comparisonMarkdown(file).join('\n');
  expect(markdown).toContain('## Changed since the baseline');
  expect(markdown).toContain('Baseline: run-base of 2026-11-21T10:00:00.000Z against staging (sandbox).');
  expect(markdown).toContain('| `VAL-AMOUNT-POSITIVE` | rule newly failing | passed | failed |  |');
  expect(markdown).toContain(
    '| `GAP-ERRORS-ORDER` | reading changed | spec order | <another> order | VAL-ALL-FAILURES: one<br>VAL-ALL-FAILURES: two |',
  );
  expect(markdown).toContain('| `latency retrieve p(95)` | slower | 40 ms | 80 ms (+100%) | k6 latency |');
  const html = comparisonHtml(file);
  expect(html).toContain('<h2 id="changed-since-baseline" data-outcome="deviation">');
  expect(html).toContain('<td>&lt;another&gt; order</td>');
  expect(html.match(/<tr data-change=/g)).toHaveLength(3);
  const none = comparisonFileOf(compareProfiles(profile('a', {}), profile('b', {})), false);
  expect(comparisonMarkdown(none).join('\n')).toContain('Nothing compared has changed.');
});
