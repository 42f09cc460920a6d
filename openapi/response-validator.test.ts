/**
 * The document holds what a conforming server answers, and refuses what a server with the wrong shapes
 * answers: the battery of requests (test-support/request-battery.ts) sent to the reference server and
 * every variant must validate in full against the document (openapi-backend), and for each mutant whose
 * answers have the wrong shape at least one answer must fail it. The battery's rate-limit tenant has a
 * limit of two a minute, so that its 429 answers are judged too. A whole conformance run's every answer
 * is judged by the self-check: the reference's and each variant's run record their answers
 * (self-check/answers.ts).
 */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { startReferenceServer, VARIANT_NAMES } from '../reference/index.ts';
import { responseValidator } from './response-validator.ts';
import { sendBattery } from './test-support/request-battery.ts';
import { WRONG_SHAPE_MUTANTS } from './wrong-shape-mutants.ts';

// One worker for the file's tests, so that they share the validator below.
test.describe.configure({ mode: 'default' });

/** Built once a worker: compiling the document's schemas is most of a test's CPU, and they never change. */
let validator: ReturnType<typeof responseValidator> | undefined;
const sharedValidator = (): ReturnType<typeof responseValidator> => {
  validator ??= responseValidator();
  return validator;
};

/** The rate-limit tenant's limit: the battery's requests of that tenant past it are answered 429. */
const THROTTLED_LIMIT = { requestsPerWindow: 2, windowSeconds: 60 };

const batteryAgainst = async (server: { variant?: string; mutant?: string }) => {
  const running = await startReferenceServer({
    host: '127.0.0.1',
    port: 0,
    tenantRateLimits: { RATE_LIMIT: THROTTLED_LIMIT },
    ...server,
  });
  try {
    const { A, B, RATE_LIMIT } = running.tenants;
    return await sendBattery(running.baseUrl, A, B, RATE_LIMIT);
  } finally {
    await running.close();
  }
};

test('OPENAPI: every answer of the reference server and of every variant validates against the document', async () => {
  const { tally } = await sharedValidator();
  for (const variant of [undefined, ...VARIANT_NAMES]) {
    const exchanges = await batteryAgainst(variant === undefined ? {} : { variant });
    const { valid, invalid } = tally(exchanges);
    const server = variant ?? 'the reference server';
    expect(invalid, `${server}: answers outside the document`).toEqual([]);
    expect(valid, `${server}: answers judged`).toBe(exchanges.length);
    // The rate-limit tenant's 429 answers are among those judged.
    expect(
      exchanges.filter((exchange) => exchange.status === 429).length,
      `${server}: 429 answers`,
    ).toBeGreaterThan(0);
  }
});

for (const mutant of WRONG_SHAPE_MUTANTS) {
  test(`OPENAPI: the mutant ${mutant} answers in a shape the document refuses`, async () => {
    const { tally } = await sharedValidator();
    const { invalid } = tally(await batteryAgainst({ mutant }));
    expect(invalid.length, `${mutant}: answers the document refuses`).toBeGreaterThan(0);
  });
}
