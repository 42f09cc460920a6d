/**
 * Every answer of a whole conformance run against the reference server validates against the kit's
 * OpenAPI document. The run goes, as a user runs it, through the client certification's recording
 * proxy in front of a reference server this test starts, so that every exchange is seen whole (the
 * run's own attachments keep at most a few dozen a check). Answers to operations the document does not
 * have (the run's probes of other routes and methods) are counted apart. The server has the limits the
 * embedded run gives it: tenants A and B never paced, the rate-limit tenant a small window, whose 429
 * answers are validated with the rest (a limit of 1000 for every tenant made the rate-limit checks
 * send thousands of requests more and the run three times as long, for the same answers' shapes).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startRecordingProxy } from '../client/recording-proxy.ts';
import { EMBEDDED_DEFAULT_LIMITS } from '../config/index.ts';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { responseValidator } from '../openapi/response-validator.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { runConformance } from './test-support/run-conformance.ts';

test('OPENAPI: every answer of a whole conformance run against the reference server validates against the document', async () => {
  test.setTimeout(240_000);
  const server = await startReferenceServer({
    rateLimit: EMBEDDED_DEFAULT_LIMITS.A,
    tenantRateLimits: EMBEDDED_DEFAULT_LIMITS,
  });
  const proxy = await startRecordingProxy({
    upstream: server.baseUrl,
    environment: server.environment,
    faults: [],
  });
  try {
    const env = { ...targetEnvironmentOf(server), [CONTRACT_VARIABLES.baseUrl]: proxy.baseUrl };
    const run = await runConformance({
      ...env,
      HOME: process.env.HOME ?? '',
      KIT_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'fei-openapi-run-')),
    });
    await proxy.settled();
    const answered = proxy
      .exchanges()
      .filter((exchange) => exchange.forwarded && exchange.status !== undefined)
      .map((exchange) => ({
        method: exchange.method,
        path: exchange.url,
        status: exchange.status as number,
        body: exchange.responseBody,
      }));
    const { tally } = await responseValidator();
    const { valid, outside, invalid } = tally(answered);
    expect(invalid, run.output.slice(-2000)).toEqual([]);
    // A whole run: hundreds of answers, nearly all of them of the document's operations.
    expect(valid).toBeGreaterThan(300);
    expect(outside).toBeLessThan(valid / 4);
    // The rate-limit checks' 429 answers are among them.
    expect(answered.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
  } finally {
    await proxy.close();
    await server.close();
  }
});
