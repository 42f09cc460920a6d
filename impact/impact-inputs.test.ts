/**
 * The gate on traffic it did not record itself, against reference servers of its own: a browser's
 * export replayed with its dedup relations kept; a malformed HAR, a HAR holding a token and a tenant
 * whose uuids cannot be mapped each said in one line, no token anywhere, and the other tenants'
 * verdicts unchanged; the replays spread over two sandbox tenants within each one's budget.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { reportOf } from './report/impact-report.ts';
import { writeImpactReport } from './report/write-report.ts';
import { impactAgainst, startCandidate, verdicts } from './test-support/candidate.ts';
import { browserHar, dedupTraffic, VALID_EVENT } from './test-support/har-files.ts';

const trafficFolder = (files: Record<string, string>): string => {
  const folder = mkdtempSync(join(tmpdir(), 'impact-traffic-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
};

/** Every file under a folder, as one text. */
const allText = (folder: string): string =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');

test("IMPACT inputs: a browser's export replays with its relations: the duplicate stays one, fresh ids stay fresh, even replayed three times", async () => {
  const traffic = trafficFolder({ 'back-office.har': browserHar(dedupTraffic(randomUUID(), true)) });
  const candidate = await startCandidate();
  const broken = await startCandidate({ mutant: 'duplicate-gives-409' }, candidate);
  try {
    expect(verdicts(await impactAgainst(traffic, candidate))).toEqual({ 'back-office.har': 'unaffected' });
    const twice = await impactAgainst(traffic, candidate, { baseline: candidate });
    expect(twice.exitCode).toBe(0);
    expect(twice.tenants[0]?.verdict).toBe('unaffected');
    const result = await impactAgainst(traffic, broken, { baseline: candidate });
    expect(result.exitCode).toBe(5);
    const [difference] = result.tenants[0]?.differences ?? [];
    expect(difference).toMatchObject({
      seq: 3,
      direction: 'away-from-the-spec',
      rulesBrokenRecorded: [],
      changes: [{ aspect: 'status', recorded: '400', replayed: '409' }],
    });
    expect(difference?.rulesBrokenReplayed).toContain('DEDUP-EXTERNAL-ID');
  } finally {
    await candidate.close();
    await broken.close();
  }
});

test('IMPACT inputs: a malformed HAR, a HAR holding a token, uuids that cannot be mapped: one line each, no token, the others unchanged', async () => {
  const token = `svc_test_${randomUUID().replaceAll('-', '')}`;
  const good = browserHar(dedupTraffic(randomUUID()));
  const holding = browserHar(dedupTraffic(randomUUID()).map((e) => ({ ...e, token })));
  const stranger = randomUUID();
  const unmapped = browserHar([
    {
      method: 'GET',
      path: `/${randomUUID()}`,
      clientId: stranger,
      status: 200,
      answer: { uuid: randomUUID(), ...VALID_EVENT('x') },
    },
  ]);
  const alone = await (async () => {
    const candidate = await startCandidate();
    try {
      return verdicts(await impactAgainst(trafficFolder({ 'good.har': good }), candidate));
    } finally {
      await candidate.close();
    }
  })();
  const traffic = trafficFolder({
    'good.har': good,
    'broken.har': '{"log": {"entries": [',
    'holding.har': holding,
    'unmapped.har': unmapped,
  });
  const candidate = await startCandidate();
  const lines: string[] = [];
  try {
    const result = await impactAgainst(traffic, candidate, { lines });
    expect(result.exitCode).toBe(3);
    expect(verdicts(result)).toEqual({
      'good.har': alone['good.har'],
      'holding.har': 'unaffected',
      'unmapped.har': 'not-established',
    });
    expect(result.tenants.find((t) => t.tenant === 'unmapped.har')?.reasons).toEqual([
      expect.stringMatching(
        /^request 1 \(GET\) names the event [0-9a-f-]{36}, which this tenant's traffic never created: the replay cannot reproduce it$/,
      ),
    ]);
    expect(lines.filter((line) => line.startsWith('broken.har'))).toEqual([
      expect.stringMatching(/^broken\.har: not used: not JSON \(/),
    ]);
    expect(lines).toContain(
      'holding.har: holds an access token in clear; it is replaced in the replay and never shown: redact the file',
    );
    const output = mkdtempSync(join(tmpdir(), 'impact-report-'));
    writeImpactReport(reportOf(result), output);
    expect(readdirSync(output).sort()).toEqual([
      'allure-results',
      'impact-report.html',
      'impact-report.json',
      'impact-report.junit.xml',
      'impact-report.md',
    ]);
    expect(`${lines.join('\n')}\n${allText(output)}`).not.toContain(token.slice(9));
    expect(readFileSync(join(output, 'impact-report.junit.xml'), 'utf8')).toContain(
      'tests="4" failures="0" errors="2"',
    );
  } finally {
    await candidate.close();
  }
});

test("IMPACT inputs: replays spread over two sandbox tenants stay within each one's share of its limit, and say how far they got", async () => {
  // Twelve requests per sandbox tenant, whose share is eight a second: unpaced, they would leave at once.
  const tenants = Object.fromEntries(
    [1, 2, 3, 4, 5, 6].map((n) => [`tenant-${n}.har`, browserHar(dedupTraffic(randomUUID()))]),
  );
  const candidate = await startCandidate({ rateLimit: { requestsPerWindow: 10, windowSeconds: 1 } });
  try {
    const lines: string[] = [];
    const result = await impactAgainst(trafficFolder(tenants), candidate, {
      spread: true,
      lines,
      progressEveryMs: 200,
    });
    expect(Object.values(verdicts(result))).toEqual(Array(6).fill('unaffected'));
    expect(result.tenants.map((t) => t.sandboxTenant).sort()).toEqual(['A', 'A', 'A', 'B', 'B', 'B']);
    expect(result.budget.map((b) => `${b.sandboxTenant} ${b.requests} of share ${b.share}`).sort()).toEqual([
      'A 12 of share 8',
      'B 12 of share 8',
    ]);
    for (const row of result.budget) expect(row.busiestWindow).toBeLessThanOrEqual(row.share);
    // Paced one request every 187.5 ms, twelve take two seconds a sandbox tenant: progress was said.
    expect(
      lines.some((line) =>
        /^replaying: \d of 6 tenants done, \d+ requests sent \(24 exchanges recorded\)$/.test(line),
      ),
    ).toBe(true);
    expect(lines.filter((line) => line.startsWith('['))).toHaveLength(6);
  } finally {
    await candidate.close();
  }
});
