import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { runBenchCommand } from './test-support/run-script.ts';

/**
 * A smoke test of `fei-kit bench reference`, not a timed test: it runs the bench for one second per
 * measurement and checks that it ends well and prints its two ratio lines. The figures themselves
 * are the machine's, so nothing here judges them.
 */
test('fei-kit bench reference with BENCH_SECONDS=1 prints the POST and GET ratio and CPU lines', async () => {
  test.setTimeout(60_000);
  const result = await runBenchCommand(['bench', 'reference'], {
    BENCH_SECONDS: '1',
    BENCH_ROUNDS: '1',
    BENCH_WARMUP_SECONDS: '0',
    BENCH_CONNECTIONS: '4',
  });
  expect(result.code, result.stderr).toBe(0);
  const number = String.raw`\d+(\.\d+)?`;
  for (const operation of ['POST', 'GET']) {
    expect(result.stdout).toMatch(
      new RegExp(
        `^bench reference: reference ${operation}: ${number} req/s, p99 ${number} ms; bare node:http ${operation}: ${number} req/s, p99 ${number} ms; ratio ${number}$`,
        'm',
      ),
    );
    expect(result.stdout).toMatch(
      new RegExp(
        `^bench reference: server CPU per ${operation}: reference ${number} µs, bare node:http ${number} µs; ratio ${number}$`,
        'm',
      ),
    );
  }
  expect(result.stdout).toMatch(/^bench: loopback, 4 connections, 1 s per measurement/m);
  // The tenant's token travels over IPC only.
  expect(result.stdout + result.stderr).not.toMatch(/svc_(test|live)_/);
});
