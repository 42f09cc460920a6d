/**
 * The provider's declared deviations in the certificate: a declared failure reads `declared` (shown,
 * with its declaration), the run's outcome ignores it, one that passed no longer occurs, an expired
 * one counts, one not judged says so; and the Markdown and HTML show them apart.
 */

import { parseDeclaredDeviations } from '../../config/declared-deviations.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { certificateInput, type FixtureTest } from '../test-support/report-fixtures.ts';
import { buildCertificate, type CertificateInput } from './certificate.ts';
import { renderHtml, renderMarkdown } from './render.ts';

const DECLARED = parseDeclaredDeviations(
  `deviations:
  - rule: VAL-TYPE-ENUM
    differs: type also takes BANK_MOVEMENT
    reason: bank movements share the endpoint
    acceptedBy: Jane Doe
    acceptedOn: 2026-01-15
  - rule: AUTH-TOKEN-PREFIX
    differs: tokens are prefixed th_test_
    reason: legacy token format
    acceptedBy: Jane Doe
    until: 2020-01-01
  - rule: VAL-STATUS-ENUM
    differs: status also takes FAILED
    reason: our processing states
    acceptedBy: Jane Doe
  - rule: DEDUP-CONCURRENT
    differs: two simultaneous POSTs may both succeed
    reason: eventual consistency
    acceptedBy: Jane Doe
`,
  'declared-deviations.yaml',
);

const TYPE_FAILS: FixtureTest = {
  ruleIds: ['VAL-TYPE-ENUM'],
  title: 'VAL-TYPE-ENUM: POST with type of another kind of event, BANK_MOVEMENT gives 400 ERR-3002',
  status: 'failed',
  violations: ['VAL-TYPE-ENUM: accepted (201) although type ERR-3002 must be refused'],
};
const PREFIX_FAILS: FixtureTest = {
  title: "AUTH-TOKEN-PREFIX: the tenants' tokens the deployment accepts carry the spec's prefix",
  status: 'failed',
  violations: ['AUTH-TOKEN-PREFIX: of prefix th_test_; part 5.2 gives sandbox tokens the prefix svc_test_'],
};
const STATUS_PASSES: FixtureTest = {
  ruleIds: ['VAL-STATUS-ENUM'],
  title: 'VAL-STATUS-ENUM: every status is accepted',
  status: 'passed',
};

const certificateOf = (tests: readonly FixtureTest[], overrides: Partial<CertificateInput> = {}) =>
  buildCertificate(certificateInput(tests, { declaredDeviations: DECLARED, ...overrides }));

test('DECLARED: a declared failure reads declared with its declaration; the outcome gates on the rest', () => {
  const certificate = certificateOf([TYPE_FAILS, STATUS_PASSES]);
  const type = certificate.rules.find((r) => r.id === 'VAL-TYPE-ENUM');
  expect(type?.verdict).toBe('declared');
  expect(type?.reason).toMatch(
    /^declared deviation: type also takes BANK_MOVEMENT \(accepted by Jane Doe on 2026-01-15\)\. 1 violation in 1 test/,
  );
  expect(certificate.outcome).toBe('declared-deviations-only');
  expect(certificate.outcomeText).toContain(
    "only the provider's 1 declared deviation occurred (VAL-TYPE-ENUM)",
  );
  expect(certificate.totals.verdicts.declared).toBe(1);
  expect(certificate.totals.verdicts.failed).toBe(0);
  expect(certificate.declaredDeviations?.entries.map((e) => [e.rule, e.status, e.verdict])).toEqual([
    ['VAL-TYPE-ENUM', 'occurs', 'declared'],
    // Its `until` has passed: whatever the run finds, the declaration no longer holds.
    ['AUTH-TOKEN-PREFIX', 'expired', 'not-covered'],
    ['VAL-STATUS-ENUM', 'no-longer-occurs', 'passed'],
    ['DEDUP-CONCURRENT', 'not-judged', 'not-covered'],
  ]);
  expect(certificate.notes).toContainEqual(
    'Declared deviation VAL-STATUS-ENUM no longer occurs: the rule passed in this run; remove it from declared-deviations.yaml (it fails nothing).',
  );
});

test('DECLARED: an expired declaration no longer covers its failure; an undeclared failure is a deviation beside the declared', () => {
  const certificate = certificateOf([TYPE_FAILS, PREFIX_FAILS]);
  expect(certificate.rules.find((r) => r.id === 'AUTH-TOKEN-PREFIX')?.verdict).toBe('failed');
  expect(certificate.declaredDeviations?.entries.find((e) => e.rule === 'AUTH-TOKEN-PREFIX')?.status).toBe(
    'expired',
  );
  expect(certificate.notes).toContainEqual(
    'The declaration of AUTH-TOKEN-PREFIX ended on 2020-01-01: a failure of it counts as any other deviation.',
  );
  expect(certificate.outcome).toBe('deviation-found');
  expect(certificate.outcomeText).toContain('1 declared deviation occurred too (VAL-TYPE-ENUM)');
});

test('DECLARED: without a file nothing changes; the same failure is a deviation', () => {
  const certificate = certificateOf([TYPE_FAILS], { declaredDeviations: undefined });
  expect(certificate.declaredDeviations).toBeNull();
  expect(certificate.rules.find((r) => r.id === 'VAL-TYPE-ENUM')?.verdict).toBe('failed');
  expect(certificate.outcome).toBe('deviation-found');
});

test('DECLARED: the Markdown and HTML certificates show the declarations apart, with the checks of those that occur', () => {
  const certificate = certificateOf([TYPE_FAILS, STATUS_PASSES]);
  const markdown = renderMarkdown(certificate);
  expect(markdown).toContain('## Declared deviations');
  expect(markdown).toContain('From `declared-deviations.yaml`.');
  expect(markdown).toContain(
    '| `VAL-TYPE-ENUM` | **occurs, as declared** | type also takes BANK_MOVEMENT | bank movements share the endpoint | accepted by Jane Doe on 2026-01-15 |',
  );
  expect(markdown).toContain('| `VAL-STATUS-ENUM` | **no longer occurs: the rule passed** |');
  expect(markdown).toContain('### VAL-TYPE-ENUM, as declared');
  expect(markdown).toContain('| failed, declared deviation | 1 |');
  // Apart from the failures: a declared rule is not listed among them.
  expect(markdown).not.toContain('## Failures');
  const html = renderHtml(certificate);
  expect(html).toContain('<h2 id="declared-deviations">Declared deviations</h2>');
  expect(html).toContain('data-declared="VAL-TYPE-ENUM" data-status="occurs"');
  expect(html).toContain('class="outcome o-declared-deviations-only"');
  expect(html).toContain('data-verdict="declared"');
});
