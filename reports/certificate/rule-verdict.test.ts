/**
 * One rule's verdict from the checks of it that ran (rule-verdict.ts, through the certificate): a
 * violation credits the rule it names, whichever check found it; a rule reads passed only where every
 * check of it reached its judgement on it; a flaky check fails its rule; a check that failed without
 * recording a violation is a fault of the kit, never a verdict on the target.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { testOutcomes } from '../../run-records/check-record-reader.ts';
import { entry } from '../test-support/certificate-entries.ts';
import {
  certificateInput,
  fixtureReport,
  fixtureRun,
  PRODUCTION_TARGET,
} from '../test-support/report-fixtures.ts';
import { buildCertificate } from './certificate.ts';
import { renderMarkdown } from './render.ts';

const input = certificateInput;

test('CERTIFICATE: an error-body failure inside a validation test is credited to ERROR-BODY-SHAPE', () => {
  const certificate = buildCertificate(
    input([
      {
        ruleIds: ['VAL-AMOUNT-POSITIVE'],
        title: 'VAL-AMOUNT-POSITIVE: POST with amount zero gives 400 ERR-3005',
        status: 'failed',
        error:
          'RuleViolation: ERROR-BODY-SHAPE: HTTP 400 (text/html) with "<h1>Bad Request</h1>", not a JSON body',
        violations: ['ERROR-BODY-SHAPE: HTTP 400 (text/html) with "<h1>Bad Request</h1>", not a JSON body'],
      },
      {
        ruleIds: ['ERROR-BODY-SHAPE'],
        title: 'ERROR-BODY-SHAPE: header and lookup errors have JSON bodies',
        status: 'passed',
      },
      {
        ruleIds: ['VAL-STATUS-ENUM'],
        title: 'VAL-STATUS-ENUM: every status of the spec is accepted',
        status: 'passed',
      },
    ]),
  );
  expect(entry(certificate.rules, 'ERROR-BODY-SHAPE')).toMatchObject({ verdict: 'failed' });
  expect(entry(certificate.rules, 'ERROR-BODY-SHAPE').reason).toContain('1 violation in 1 test');
  expect(entry(certificate.rules, 'ERROR-BODY-SHAPE').tests.map((t) => t.title)).toContain(
    'VAL-AMOUNT-POSITIVE: POST with amount zero gives 400 ERR-3005',
  );
  // The validation rule was not shown broken: its only check stopped at another rule's violation.
  expect(entry(certificate.rules, 'VAL-AMOUNT-POSITIVE')).toMatchObject({ verdict: 'inconclusive' });
  expect(entry(certificate.rules, 'VAL-AMOUNT-POSITIVE').reason).toContain('ERROR-BODY-SHAPE');
  expect(certificate.outcome).toBe('deviation-found');
  expect(certificate.outcomeText).toContain('1 rule failed');
});

test('CERTIFICATE: a test of several rules credits each; a cut-short property is inconclusive', () => {
  const certificate = buildCertificate(
    input([
      {
        ruleIds: ['VAL-BODY-SHAPE', 'VAL-STATUS-400'],
        title: 'VAL-BODY-SHAPE, VAL-STATUS-400: a validation body',
        status: 'passed',
      },
      {
        ruleIds: ['UPDATE-APPLIES', 'UPDATE-VALIDATES'],
        title: 'UPDATE-APPLIES, UPDATE-VALIDATES: PUT changing the type',
        status: 'failed',
        violations: [
          'VAL-PAYOUT-NO-PAYIN-FIELDS: a valid PUT was refused with ERR-3010, which it does not break',
        ],
      },
      {
        ruleIds: ['RETRIEVE-RETURNS-EVENT'],
        title: 'RETRIEVE-RETURNS-EVENT: every valid event comes back',
        status: 'skipped',
        inconclusive: 'the property completed 3 of its 200 runs before the time limit',
      },
    ]),
  );
  expect(entry(certificate.rules, 'VAL-BODY-SHAPE').verdict).toBe('passed');
  expect(entry(certificate.rules, 'VAL-STATUS-400').verdict).toBe('passed');
  expect(entry(certificate.rules, 'VAL-PAYOUT-NO-PAYIN-FIELDS').verdict).toBe('failed');
  expect(entry(certificate.rules, 'UPDATE-APPLIES').verdict).toBe('inconclusive');
  expect(entry(certificate.rules, 'RETRIEVE-RETURNS-EVENT')).toMatchObject({
    verdict: 'inconclusive',
    reason:
      '1 check could not make the claim: the property completed 3 of its 200 runs before the time limit',
  });
  const withoutTheFailure = buildCertificate(
    input([
      {
        ruleIds: ['VAL-BODY-SHAPE', 'VAL-STATUS-400'],
        title: 'VAL-BODY-SHAPE, VAL-STATUS-400: a validation body',
        status: 'passed',
      },
      {
        ruleIds: ['RETRIEVE-RETURNS-EVENT'],
        title: 'RETRIEVE-RETURNS-EVENT: every valid event comes back',
        status: 'skipped',
        inconclusive: 'x',
      },
    ]),
  );
  expect(withoutTheFailure.outcome).toBe('incomplete');
  expect(withoutTheFailure.outcomeText).toContain('inconclusive');
});

test('CERTIFICATE: verdicts come from each check record, never from the words of a skip or a title', () => {
  const certificate = buildCertificate(
    input(
      [
        // Reworded: still production's, because its record says so.
        {
          ruleIds: ['VAL-AMOUNT-POSITIVE'],
          title: 'VAL-AMOUNT-POSITIVE: amount 0 gives 400',
          status: 'skipped',
          skipReason: 'writes are off here',
          skipKind: 'production-read-only',
        },
        // The production words, but skipped for another kind of reason: skipped, not "not applicable".
        {
          ruleIds: ['VAL-TYPE-ENUM'],
          title: 'VAL-TYPE-ENUM: type payin gives 400',
          status: 'skipped',
          skipReason: 'production target: only @readonly checks run unless ALLOW_PRODUCTION_WRITES=true',
          skipKind: 'premise-not-met',
        },
        // A violation credits its rule though the message reads like another rule's.
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
          status: 'failed',
          violations: ['ERROR-BODY-SHAPE: AUTH-TOKEN-MISSING: looks like a title'],
        },
        // Not run (no answer): not established, with why, never failed.
        {
          ruleIds: ['DEDUP-EXTERNAL-ID'],
          title: 'DEDUP-EXTERNAL-ID: a second POST gives ERR-4001',
          status: 'failed',
          notRun: 'not run: no answer',
        },
      ],
      { run: fixtureRun({ target: PRODUCTION_TARGET }) },
    ),
  );
  expect(entry(certificate.rules, 'VAL-AMOUNT-POSITIVE').verdict).toBe('not-applicable-in-production');
  expect(entry(certificate.rules, 'VAL-TYPE-ENUM').verdict).toBe('skipped');
  expect(entry(certificate.rules, 'ERROR-BODY-SHAPE').verdict).toBe('failed');
  expect(entry(certificate.rules, 'AUTH-TOKEN-MISSING').verdict).toBe('inconclusive');
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID')).toMatchObject({
    verdict: 'inconclusive',
    reason: '1 check not run: no answer',
  });
});

test('CERTIFICATE: a rule reads passed only when every check of it that ran reached its judgement on it', () => {
  const held = {
    ruleIds: ['VAL-STATUS-ENUM'],
    title: 'VAL-STATUS-ENUM: POST with status lowercase gives 400 ERR-3006',
    status: 'passed',
  } as const;
  const judgedIn422 = {
    ruleIds: ['VAL-STATUS-ENUM'],
    title: 'VAL-STATUS-ENUM: POST with status not in the list gives 400 ERR-3006',
    status: 'failed',
    violations: ['VAL-STATUS-400: a body validation failure answered 422; 7.3 gives 400'],
    judged: ['VAL-STATUS-ENUM', 'VAL-STATUS-400'],
  } as const;
  const stopped = {
    ruleIds: ['VAL-CHANNEL-ENUM', 'UPDATE-VALIDATES'],
    title:
      'VAL-CHANNEL-ENUM, UPDATE-VALIDATES: PUT with channel lowercase gives 400 ERR-3011 and changes nothing',
    status: 'failed',
    violations: ['VAL-STATUS-400: a body validation failure answered 422; 7.3 gives 400'],
    judged: ['VAL-CHANNEL-ENUM', 'VAL-STATUS-400'],
  } as const;
  const unanswered = {
    ruleIds: ['REQUEST-MALFORMED-400'],
    title: 'REQUEST-MALFORMED-400: a body that is not JSON gives 400',
    status: 'failed',
    notRun: 'not run: the target gave no HTTP answer (no answer within 5000 ms)',
    unanswered: { method: 'POST', path: '/api/h2h/ingestion/financial-events', waitedMs: 5004 },
  } as const;
  const premise = {
    ruleIds: ['UPDATE-APPLIES'],
    title: 'UPDATE-APPLIES: PUT changing the amount',
    status: 'skipped',
    skipReason: 'the deployment refused the update this check needs',
    skipKind: 'premise-not-met',
  } as const;
  const certificate = buildCertificate(
    input([
      held,
      judgedIn422,
      stopped,
      unanswered,
      {
        ruleIds: ['REQUEST-MALFORMED-400'],
        title: 'REQUEST-MALFORMED-400: a truncated body gives 400',
        status: 'passed',
      },
      premise,
      { ruleIds: ['UPDATE-APPLIES'], title: 'UPDATE-APPLIES: PUT changing the status', status: 'passed' },
    ]),
  );
  // A 422 still judged the code: held, and said so.
  expect(entry(certificate.rules, 'VAL-STATUS-ENUM')).toMatchObject({
    verdict: 'passed',
    reason: '1 check that failed on another rule judged it and found it held',
  });
  expect(entry(certificate.rules, 'VAL-CHANNEL-ENUM').verdict).toBe('passed');
  // "changes nothing" was never reached: not established, never passed, with its reason.
  expect(entry(certificate.rules, 'UPDATE-VALIDATES')).toMatchObject({
    verdict: 'inconclusive',
    reason: '1 check stopped at violations of VAL-STATUS-400 before judging it',
  });
  // One check passed, one went unanswered: not established, naming the request.
  const malformed = entry(certificate.rules, 'REQUEST-MALFORMED-400');
  expect(malformed.verdict).toBe('inconclusive');
  expect(malformed.reason).toBe(
    '1 check not run: the target gave no HTTP answer (no answer within 5000 ms) (POST /api/h2h/ingestion/financial-events, waited 5004 ms); 1 check judged it and found it held',
  );
  // A premise a reading does not meet neither passes nor holds back the rule.
  expect(entry(certificate.rules, 'UPDATE-APPLIES')).toMatchObject({
    verdict: 'passed',
    reason: '1 skipped',
  });
  expect(certificate.unanswered).toEqual([
    {
      check: unanswered.title,
      rules: ['REQUEST-MALFORMED-400'],
      method: 'POST',
      path: '/api/h2h/ingestion/financial-events',
      waitedMs: 5004,
    },
  ]);
  expect(certificate.outcome).toBe('deviation-found');
  expect(certificate.outcomeText).toContain('The target never answered 1 request');
  for (const rule of certificate.rules) if (rule.verdict === 'inconclusive') expect(rule.reason).toBeTruthy();
  // Without the violation, the unanswered request alone makes the run incomplete, never a pass.
  const alone = buildCertificate(input([held, unanswered]));
  expect(alone.outcome).toBe('incomplete');
  expect(alone.outcomeText).toMatch(
    /^Incomplete: the target never answered 1 request while it answered others \(first POST \/api\/h2h\/ingestion\/financial-events, no answer after 5004 ms, in "REQUEST-MALFORMED-400: a body that is not JSON gives 400" \(REQUEST-MALFORMED-400\)\)/,
  );
  expect(renderMarkdown(alone)).toContain('## Unanswered requests');
  // A gap no finished check observed may be observed by the check that did not run: never "not covered".
  const unobserved = alone.rules.filter((rule) => rule.kind === 'gap' && rule.tests.length === 0);
  expect(unobserved.length).toBeGreaterThan(0);
  for (const gap of unobserved) expect(gap.verdict, gap.id).not.toBe('not-covered');
  const skippedGaps = unobserved.filter((gap) => gap.verdict === 'skipped');
  expect(skippedGaps.length).toBeGreaterThan(0);
  for (const gap of skippedGaps) expect(gap.reason, gap.id).toContain('1 check did not reach their end');
});

test('CERTIFICATE: a check failed on one attempt and passed on its retry is flaky, with both attempts counted, and fails its rule', () => {
  const flaky = {
    ruleIds: ['DEDUP-EXTERNAL-ID'],
    title: 'DEDUP-EXTERNAL-ID: a second POST gives ERR-4001',
    status: 'flaky',
    violations: ['DEDUP-EXTERNAL-ID: the second POST got 201'],
  } as const;
  const outcomes = testOutcomes(fixtureReport([flaky]));
  expect(outcomes).toMatchObject([{ status: 'flaky', attempts: 2, ruleIds: ['DEDUP-EXTERNAL-ID'] }]);
  const certificate = buildCertificate(input([flaky]));
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID').verdict).toBe('failed');
  expect(entry(certificate.rules, 'DEDUP-EXTERNAL-ID').reason).toMatch(
    /^flaky: 1 check failed on one attempt/,
  );
  expect(certificate.outcome).toBe('deviation-found');
});

test('CERTIFICATE: a check that failed without recording a violation is a fault of the kit: its rule is inconclusive, never failed', () => {
  for (const broken of [
    {
      ruleIds: ['UPDATE-APPLIES'],
      title: 'UPDATE-APPLIES: a PUT changes the event',
      status: 'failed',
      error: "TypeError: cannot read 'uuid'",
    },
    // Its worker died before it could record anything.
    {
      ruleIds: ['UPDATE-APPLIES'],
      title: 'UPDATE-APPLIES: a PUT changes the event',
      status: 'failed',
      error: 'Error: worker process exited unexpectedly',
      recorded: false,
    },
    { ruleIds: ['UPDATE-APPLIES'], title: 'UPDATE-APPLIES: a PUT changes the event', status: 'flaky' },
  ] as const) {
    const certificate = buildCertificate(
      input([
        broken,
        {
          ruleIds: ['AUTH-TOKEN-MISSING'],
          title: 'AUTH-TOKEN-MISSING: GET without a token gives 401',
          status: 'passed',
        },
      ]),
    );
    expect(entry(certificate.rules, 'UPDATE-APPLIES').verdict, broken.status).toBe('inconclusive');
    expect(entry(certificate.rules, 'UPDATE-APPLIES').reason).toMatch(
      /^1 check failed inside the kit without recording a violation \(not a verdict on the target\)/,
    );
    expect(certificate.kitFaults).toHaveLength(1);
    expect(certificate.outcome).toBe('incomplete');
    expect(certificate.outcomeText).toMatch(/^Incomplete: 1 check failed inside the kit/);
  }
});
