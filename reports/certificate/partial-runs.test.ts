/**
 * What a run of part of the suite may claim: a filtered run says so and its unselected rules are
 * skipped; against production the checks that write are not applicable; with no test nothing is
 * passed. A rule nobody checked is never "passed".
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { RULES } from '../../spec/index.ts';
import { entry, listing } from '../test-support/certificate-entries.ts';
import { certificateInput, fixtureRun, PRODUCTION_TARGET } from '../test-support/report-fixtures.ts';
import { buildCertificate } from './certificate.ts';
import { renderMarkdown } from './render.ts';

const input = certificateInput;

test('CERTIFICATE: against production, the checks that write are not applicable, not failed nor missing', () => {
  const certificate = buildCertificate(
    input(
      [
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
          status: 'passed',
          tags: ['@readonly'],
        },
        {
          ruleIds: ['VAL-AMOUNT-POSITIVE'],
          title: 'VAL-AMOUNT-POSITIVE: amount 0 gives 400',
          status: 'skipped',
          skipReason: 'production target: only @readonly checks run unless ALLOW_PRODUCTION_WRITES=true',
          skipKind: 'production-read-only',
        },
      ],
      {
        run: fixtureRun({ target: PRODUCTION_TARGET }),
        suiteListing: listing([
          {
            ruleIds: ['AUTH-TOKEN-MISSING'],
            title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
            status: 'skipped',
            tags: ['@readonly'],
          },
          {
            ruleIds: ['DEDUP-EXTERNAL-ID'],
            title: 'DEDUP-EXTERNAL-ID: a second POST gives ERR-4001',
            status: 'skipped',
            tags: ['@dedup'],
          },
        ]),
      },
    ),
  );
  expect(entry(certificate.rules, 'AUTH-TOKEN-MISSING').verdict).toBe('passed');
  expect(entry(certificate.rules, 'VAL-AMOUNT-POSITIVE').verdict).toBe('not-applicable-in-production');
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID')).toMatchObject({
    verdict: 'not-applicable-in-production',
  });
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID').reason).toContain('ALLOW_PRODUCTION_WRITES=true');
  // A gap nobody observed in a partial run is not claimed to be uncovered, nor observed.
  expect(entry(certificate.rules, 'GAP-429-BODY').verdict).toBe('skipped');
  expect(renderMarkdown(certificate)).toContain('not applicable in production');
});

test('CERTIFICATE: honest: with no test, nothing is passed and the outcome is incomplete', () => {
  const certificate = buildCertificate(
    input([{ title: 'NOT-A-RULE: a test whose title names no rule', status: 'passed' }], {
      suiteListing: undefined,
    }),
  );
  expect(certificate.rules.filter((r) => r.verdict === 'passed')).toEqual([]);
  // Every rule's verdict against the one it must have, in one expect (each is a reported step).
  expect(certificate.rules.map((rule) => [rule.id, rule.verdict])).toEqual(
    certificate.rules.map((rule) => [
      rule.id,
      RULES.find((r) => r.id === rule.id)?.notCheckableRemotely === undefined
        ? 'not-covered'
        : 'not-checkable-remotely',
    ]),
  );
  expect(certificate.totals.testsWithoutRule).toBe(1);
  expect(certificate.notes.join('\n')).toContain('could not be listed');
  expect(renderMarkdown(certificate)).toContain('not covered (no test)');
  const empty = buildCertificate(input([], { runErrors: ['Error: global setup failed'] }));
  expect(empty.outcome).toBe('incomplete');
  expect(empty.outcomeText).toContain('1 error');
});

test('CERTIFICATE: a filtered run says so, and its unselected rules are skipped, not passed', () => {
  const certificate = buildCertificate(
    input(
      [
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: POST without a token gives 401',
          status: 'passed',
        },
      ],
      {
        run: fixtureRun({ arguments: ['--grep', 'AUTH-TOKEN-MISSING'] }),
        suiteListing: listing([
          {
            ruleIds: ['AUTH-TOKEN-MISSING'],
            title: 'AUTH-TOKEN-MISSING: POST without a token gives 401',
            status: 'skipped',
          },
          { ruleIds: ['VAL-TYPE-ENUM'], title: 'VAL-TYPE-ENUM: type payin gives 400', status: 'skipped' },
        ]),
      },
    ),
  );
  expect(certificate.filters).toEqual(['--grep AUTH-TOKEN-MISSING']);
  expect(entry(certificate.rules, 'VAL-TYPE-ENUM')).toMatchObject({ verdict: 'skipped' });
  expect(entry(certificate.rules, 'VAL-TYPE-ENUM').reason).toContain("not selected by this run's filters");
  expect(certificate.notes[0]).toContain('not a certificate of the whole suite');
});
