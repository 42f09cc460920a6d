/**
 * A conforming row's answers against the OpenAPI document, without a whole run: the answers a reference
 * server records under the self-check's setting (a battery of requests drawing every kind of answer)
 * validate, and one invalid answer among them fails the row, named.
 */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answersFileSetting } from '../conformance-run/reference-setting.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { loadBackend, ValidatorMissingError } from '../openapi/response-validator.ts';
import { sendBattery } from '../openapi/test-support/request-battery.ts';
import { startReferenceServer } from '../reference/index.ts';
import {
  ANSWERS_PER_TURN,
  type AnswersCheck,
  answersText,
  answersTooFewJudged,
  answersValidated,
  checkAnswers,
  MOST_OUTSIDE_SHARE,
  validateAnswers,
} from './answers.ts';
import {
  buildMatrix,
  type CompletedRun,
  conformingEntry,
  exitCodeOf,
  matrixAsReportStats,
} from './matrix.ts';
import { renderText, totalsLine } from './render.ts';

// One worker for the file's tests: they share the document's validator (answers.ts builds it once a
// process), whose compilation is most of a test's CPU.
test.describe.configure({ mode: 'default' });

const variantRun = (answers: AnswersCheck, kind: 'variant' | 'mutant' = 'variant'): CompletedRun => ({
  run: {
    id: `${kind}-error-status-as-string`,
    server: {
      kind,
      name: 'error-status-as-string',
      description: 'a server',
      catchingRules: ['ERROR-BODY-SHAPE'],
    },
    projects: ['conformance'],
    scope: 'every check',
  },
  stages: [
    {
      label: 'every check',
      results: {
        // A variant's one check passed; a mutant's caught it.
        tests: [
          kind === 'mutant'
            ? {
                ruleId: 'ERROR-BODY-SHAPE',
                ruleIds: ['ERROR-BODY-SHAPE'],
                failedRules: ['ERROR-BODY-SHAPE'],
                title: 'ERROR-BODY-SHAPE: an error body has its fields',
                file: 'x',
                project: 'conformance',
                outcome: 'failed',
              }
            : {
                ruleId: 'VAL-AMOUNT-POSITIVE',
                ruleIds: ['VAL-AMOUNT-POSITIVE'],
                failedRules: [],
                title: 'VAL-AMOUNT-POSITIVE: zero',
                file: 'x',
                project: 'conformance',
                outcome: 'passed',
              },
        ],
        errors: [],
      },
      exitCode: kind === 'mutant' ? 1 : 0,
      seconds: 1,
    },
  ],
  answers,
});

/** The answers a server recorded, with the embedded target's setting, in a fresh folder. */
const recordedAnswers = async (
  server: { variant: string } | { mutant: string } = { variant: 'put-no-content' },
): Promise<string> => {
  const file = join(mkdtempSync(join(tmpdir(), 'fei-self-check-answers-')), 'answers.jsonl');
  const running = await startReferenceServer({
    ...server,
    ...answersFileSetting({ KIT_EMBEDDED_ANSWERS_FILE: file }),
  });
  try {
    await sendBattery(running.baseUrl, running.tenants.A, running.tenants.B);
  } finally {
    await running.close();
  }
  return file;
};

/** One recorded 404 of the file, its body's status turned into a string: a shape the document refuses. */
const invalidAnswerOf = (file: string): string => {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const notFound = lines.map((l) => JSON.parse(l)).find((a) => a.status === 404 && a.method === 'GET');
  const body = JSON.parse(notFound.body);
  return `${JSON.stringify({ ...notFound, body: JSON.stringify({ ...body, status: String(body.status) }) })}\n`;
};

test('SELF-CHECK ANSWERS: a conforming server’s recorded answers validate and pass its row; one invalid answer fails it, named', async () => {
  const file = await recordedAnswers();
  const valid = await validateAnswers(file);
  expect(valid).toMatchObject({ outcome: 'validated', invalidCount: 0, invalid: [] });
  if (valid.outcome !== 'validated') throw new Error('not validated');
  // The battery draws some sixty answers, every one of the document's operations.
  expect(valid.valid).toBeGreaterThan(50);
  expect(valid.outside).toBe(0);
  expect(conformingEntry(variantRun(valid)).verdict).toBe('passed');
  expect(exitCodeOf(buildMatrix([variantRun(valid)]))).toBe(0);

  appendFileSync(file, invalidAnswerOf(file));
  const invalid = await validateAnswers(file);
  expect(invalid).toMatchObject({ outcome: 'validated', valid: valid.valid, invalidCount: 1 });
  if (invalid.outcome !== 'validated') throw new Error('not validated');
  expect(invalid.invalid[0]).toMatch(/^GET \/api\/\S+ → 404: \/status must be integer/);
  const entry = conformingEntry(variantRun(invalid));
  expect(entry.verdict).toBe('failed');
  const matrix = buildMatrix([variantRun(invalid)]);
  expect(exitCodeOf(matrix)).toBe(1);
  expect(matrix.totals.answers).toEqual({
    rows: 1,
    valid: valid.valid,
    outside: 0,
    invalid: 1,
    notValidated: 0,
    wrongShapeMutants: 0,
    refusedMutants: 0,
  });
  const text = renderText(matrix, { wallSeconds: 1, concurrency: 1, notes: [] });
  expect(text).toContain(`ANSWERS: 1 of ${valid.valid + 1} invalid against the OpenAPI document`);
  expect(text).toContain(`✗ answer outside the OpenAPI document: ${invalid.invalid[0]}`);
  expect(totalsLine(matrix)).toContain(`${valid.valid} valid, 1 invalid against the OpenAPI document`);
});

test('SELF-CHECK ANSWERS: a run that recorded nothing, or a line that is no answer, makes its row an error', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'fei-self-check-answers-'));
  const missing = await validateAnswers(join(folder, 'answers.jsonl'));
  expect(missing).toEqual({ outcome: 'unreadable', reason: 'the run recorded no answers' });
  expect(conformingEntry(variantRun(missing))).toMatchObject({
    verdict: 'error',
    problem: 'answers: the run recorded no answers',
  });
  const broken = join(folder, 'broken.jsonl');
  writeFileSync(broken, '{"method":"GET"}\n');
  expect(await validateAnswers(broken)).toMatchObject({ outcome: 'unreadable' });
});

test('SELF-CHECK ANSWERS: a conforming run whose answers are mostly outside the document’s operations makes its row an error, not a pass', () => {
  const validated = (valid: number, outside: number): AnswersCheck => ({
    outcome: 'validated',
    valid,
    outside,
    invalidCount: 0,
    invalid: [],
  });
  // A whole run: a few probes of other routes in a hundred answers.
  const whole = validated(4294, 121);
  expect(answersTooFewJudged(whole)).toBeUndefined();
  expect(conformingEntry(variantRun(whole)).verdict).toBe('passed');
  const atTheShare = validated(400, 400 * MOST_OUTSIDE_SHARE);
  expect(conformingEntry(variantRun(atTheShare)).verdict).toBe('passed');
  // Requests that mostly missed the document's paths, or none that reached them: nothing to vouch for.
  for (const check of [validated(400, 400 * MOST_OUTSIDE_SHARE + 1), validated(0, 12), validated(0, 0)]) {
    const entry = conformingEntry(variantRun(check));
    expect(entry.verdict, answersText(check)).toBe('error');
    expect(entry.problem).toMatch(
      /^answers: \d+ outside the OpenAPI document's operations beside \d+ judged/,
    );
    expect(exitCodeOf(buildMatrix([variantRun(check)]))).toBe(1);
  }
});

test('SELF-CHECK ANSWERS: a mutant whose answers have the wrong shape passes when the document refuses some answer, and fails the self-check when it refuses none', async () => {
  expect(answersValidated({ kind: 'mutant', name: 'error-status-as-string' })).toBe(true);
  expect(answersValidated({ kind: 'mutant', name: 'amount-zero-accepted' })).toBe(false);
  expect(answersValidated({ kind: 'deployment', name: 'public-deployment' })).toBe(false);
  const refused = await validateAnswers(await recordedAnswers({ mutant: 'error-status-as-string' }));
  expect(refused).toMatchObject({ outcome: 'validated' });
  if (refused.outcome !== 'validated') throw new Error('not validated');
  expect(refused.invalidCount).toBeGreaterThan(0);
  const caught = buildMatrix([variantRun(refused, 'mutant')]);
  expect(caught.mutants[0]).toMatchObject({ verdict: 'caught', answersRefused: true });
  expect(caught.totals.answers).toMatchObject({ wrongShapeMutants: 1, refusedMutants: 1 });
  expect(exitCodeOf(caught)).toBe(0);
  expect(renderText(caught, { wallSeconds: 1, concurrency: 1, notes: [] })).toContain(
    `${refused.invalidCount} of ${refused.valid + refused.invalidCount} answers refused by the OpenAPI document`,
  );

  // The same mutant, had its answers been the conforming ones: caught by its checks, but the document is too weak.
  const conforming = await validateAnswers(await recordedAnswers());
  const unrefused = buildMatrix([variantRun(conforming, 'mutant')]);
  expect(unrefused.mutants[0]).toMatchObject({ verdict: 'caught', answersRefused: false });
  expect(exitCodeOf(unrefused)).toBe(1);
  expect(matrixAsReportStats(unrefused)).toMatchObject({ expected: 0, unexpected: 1 });
  expect(totalsLine(unrefused)).toContain('wrong-shape mutants refused by the document: 0/1');
});

test('SELF-CHECK ANSWERS: without the validator installed, the rows are judged on their checks alone, and the reason is one line', async () => {
  const missing = await loadBackend('openapi-backend-not-installed').catch((error: unknown) => error);
  expect(missing).toBeInstanceOf(ValidatorMissingError);
  expect((missing as Error).message).toBe(
    'openapi-backend-not-installed is not installed (a development dependency of the kit: npm install --save-dev openapi-backend-not-installed)',
  );
  const check = await validateAnswers(await recordedAnswers(), Promise.reject(missing));
  expect(check).toEqual({
    outcome: 'not validated',
    reason: `answers not validated: ${(missing as Error).message}`,
  });
  expect(conformingEntry(variantRun(check)).verdict).toBe('passed');
  expect(answersText(check)).toBe('answers not validated (validator not installed)');
  // A mutant not judged is no failure either.
  expect(exitCodeOf(buildMatrix([variantRun(check, 'mutant')]))).toBe(0);
});

test('SELF-CHECK ANSWERS: a run is judged a slice at a time, the event loop turning between slices (the servers of this process keep answering)', async () => {
  const answers = Array.from({ length: ANSWERS_PER_TURN * 3 + 1 }, (_, index) => ({
    method: 'GET',
    path: `/answers/${index}`,
    status: 200,
    body: '',
  }));
  const events: string[] = [];
  const check = await checkAnswers(answers, {
    tally: (slice) => {
      events.push(`tally ${slice.length}`);
      // Scheduled now, it runs only if the event loop turns before the next slice.
      setImmediate(() => events.push('turn'));
      return { valid: slice.length - 1, outside: 0, invalid: [`${slice[0]?.path} invalid`] };
    },
  });
  expect(events).toEqual([
    `tally ${ANSWERS_PER_TURN}`,
    'turn',
    `tally ${ANSWERS_PER_TURN}`,
    'turn',
    `tally ${ANSWERS_PER_TURN}`,
    'turn',
    'tally 1',
    'turn',
  ]);
  expect(check).toEqual({
    outcome: 'validated',
    valid: answers.length - 4,
    outside: 0,
    invalidCount: 4,
    invalid: [
      '/answers/0 invalid',
      `/answers/${ANSWERS_PER_TURN} invalid`,
      `/answers/${ANSWERS_PER_TURN * 2} invalid`,
    ],
  });
});
