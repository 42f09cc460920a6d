/**
 * Races provoked on purpose, whatever the machine's load: filtered conformance runs of DEDUP-CONCURRENT
 * against a deployment whose duplicate check and insert are one database round trip (1 ms) apart, run
 * side by side with busy processes beside them, all catch it; and a conforming reference server over
 * HTTPS (trusted through TARGET_CA_FILE) passes both simultaneous checks, each with bursts that counted.
 * Counts and verdicts only, never times (the `bench` part `race` gives the rate over whole runs and the
 * spreads).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { burstsOf } from '../bench/race-bench.ts';
import { EXIT } from '../config/exit-codes.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { loopbackCertificate } from '../suites/transport/test-support/loopback-certificate.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { busyBesideChecks } from './test-support/busy-beside-checks.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runConformance } from './test-support/run-conformance.ts';
import { UNPACED_TENANTS } from './test-support/unpaced-tenants.ts';

const RUNS = 3;
const BUSY = 4;

const verdicts = (outputDir: string): Record<string, string> => {
  const file = join(outputPaths({ KIT_OUTPUT_DIR: outputDir }).certificate, 'certificate.json');
  const certificate = JSON.parse(readFileSync(file, 'utf8')) as { rules: { id: string; verdict: string }[] };
  return Object.fromEntries(certificate.rules.map((rule) => [rule.id, rule.verdict]));
};

test.describe('RACE: simultaneous requests, provoked on purpose', () => {
  test(`a 1 ms check-then-insert window is caught in each of ${RUNS} runs with ${BUSY} busy processes beside them`, async () => {
    test.setTimeout(3 * 180_000);
    // The runs go side by side, the busy processes beside all of them: each run meets the busy
    // processes and the other runs' load too, and the processes spin through one span, not three:
    // from the first run's first check to the last run's last, not through their start-up and close.
    const outputs = Array.from({ length: RUNS }, () => mkdtempSync(join(tmpdir(), 'kit-race-')));
    const busy = busyBesideChecks(BUSY, RUNS, 180);
    try {
      const results = await Promise.all(
        outputs.map((output) =>
          runConformance(
            { KIT_OUTPUT_DIR: output, REFERENCE_MUTANT: 'dedup-window-1ms' },
            ['--grep', 'DEDUP-CONCURRENT'],
            busy.watch,
          ),
        ),
      );
      expect(busy.started(), 'the busy processes ran beside the checks').toBe(true);
      results.forEach((result, index) => {
        const run = index + 1;
        const output = outputs[index] as string;
        expect(result.code, `run ${run}: ${result.output}`).toBe(EXIT.deviation);
        expect(verdicts(output)['DEDUP-CONCURRENT'], `run ${run}`).toBe('failed');
        expect(burstsOf(output).length, `run ${run}: the bursts are recorded`).toBeGreaterThan(0);
      });
    } finally {
      await busy.stop();
      for (const output of outputs) rmSync(output, { recursive: true, force: true });
    }
  });

  test('a conforming reference server over HTTPS passes both simultaneous checks, with bursts that counted', async () => {
    test.setTimeout(180_000);
    const output = mkdtempSync(join(tmpdir(), 'kit-race-'));
    const { key, cert, caFile } = await loopbackCertificate(output);
    // Tenant A unpaced: the bursts' requests are the point, not the spec's 1000 a minute.
    const server = await startReferenceServer({ tls: { key, cert }, tenantRateLimits: UNPACED_TENANTS });
    try {
      expect(server.baseUrl).toMatch(/^https:/);
      const { KIT_EMBEDDED_TARGET: _embedded, ...contract } = targetEnvironmentOf(server);
      const result = await runConformance(
        { ...contract, TARGET_CA_FILE: caFile, KIT_OUTPUT_DIR: join(output, 'run') },
        ['--grep', 'simultaneous'],
      );
      expect(result.code, result.output).toBe(EXIT.ok);
      const passed = verdicts(join(output, 'run'));
      expect(passed['DEDUP-CONCURRENT']).toBe('passed');
      expect(passed['DEDUP-EXTERNAL-ID']).toBe('passed');
      expect(burstsOf(join(output, 'run')).some((burst) => burst.counts)).toBe(true);
    } finally {
      await server.close();
      rmSync(output, { recursive: true, force: true });
    }
  });
});
