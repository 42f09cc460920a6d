/**
 * "The service broke a rule" is never said of a target that is no working deployment, or not for
 * long: each case runs `fei-kit conformance` as a user would against a small misbehaving local target
 * and asserts the documented exit code, the one line that names the cause, and a bound on the time
 * to that verdict. What the tests before a loss found is kept; what comes after is "not run".
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT, limitVariables } from '../config/index.ts';
import { startReferenceServer, targetEnvironmentOf } from '../reference/index.ts';
import { readRunStop } from '../run-records/run-stop.ts';
import { outputPaths } from '../utilities/output-paths.ts';
import { expect, test } from './test-support/kit-test.ts';
import { startMisbehavingTarget } from './test-support/misbehaving-target.ts';
import { runCliInProcess } from './test-support/run-cli-in-process.ts';
import { runConformance } from './test-support/run-conformance.ts';
import { UNPACED_TENANTS } from './test-support/unpaced-tenants.ts';

test.describe.configure({ timeout: 180_000 });

const SECRET = 'svc_test_couldNotRunSecret0123456789';
const contract = (baseUrl: string, extra: Record<string, string> = {}) => ({
  TARGET_BASE_URL: baseUrl,
  TENANT_A_CLIENT_ID: '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01',
  TENANT_A_ACCESS_TOKEN: SECRET,
  KIT_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'kit-could-not-run-')),
  ...extra,
});

/** The run's certificate, the parts these tests read. */
const certificateOf = (env: Record<string, string>) =>
  JSON.parse(readFileSync(join(outputPaths(env).certificate, 'certificate.json'), 'utf8')) as {
    outcome: string;
    outcomeText: string;
    runId: string;
    rules: { id: string; verdict: string; tests: { title: string; reasons?: string[] }[] }[];
  };

const PREFLIGHT_CASES: readonly [string, Parameters<typeof startMisbehavingTarget>[0], RegExp][] = [
  [
    'a proxy answering 502 with an HTML page',
    {
      kind: 'fixed',
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
    },
    /HTTP 502 \(text\/html\) and "<html><body><h1>502 Bad Gateway.*not the service's JSON: wrong host or path prefix, or the service behind it is down/,
  ],
  [
    'a redirect on every request',
    { kind: 'fixed', status: 302, headers: { location: 'https://login.example.com/' } },
    /HTTP 302, a redirect to https:\/\/login\.example\.com\/: wrong base URL\?/,
  ],
  [
    'an empty 404 from the wrong host or path prefix',
    { kind: 'fixed', status: 404 },
    /HTTP 404 \(no Content-Type\) and an empty body, not the service's JSON: wrong host or path prefix/,
  ],
  [
    'a 429 already at the preflight',
    {
      kind: 'fixed',
      status: 429,
      headers: { 'content-type': 'application/json' },
      body: '{"status":429,"errorCode":"ERR-9429","title":"Too many requests"}',
    },
    /HTTP 429: tenant A is already throttled; wait a window/,
  ],
];

/**
 * The first case through the bin as a user runs it; the others through the command line's entry in
 * this process, whose preflight stops them the same way, without a process start-up each.
 */
const stoppedAtPreflight = async (first: boolean, env: Record<string, string>) => {
  if (first) return runConformance(env);
  const run = await runCliInProcess(['conformance'], { KIT_IGNORE_DOTENV: 'true', ...env });
  return { code: run.status, output: run.output };
};

for (const [label, behaviour, line] of PREFLIGHT_CASES) {
  test(`COULD-NOT-RUN: ${label} stops the run at the preflight: exit 3, one line, before any check`, async () => {
    const target = await startMisbehavingTarget(behaviour);
    try {
      const run = await stoppedAtPreflight(label === PREFLIGHT_CASES[0]?.[0], contract(target.url));
      expect(run.code, run.output).toBe(EXIT.couldNotRun);
      expect(run.output).toMatch(line);
      expect(run.output).not.toContain('Running');
      expect(run.output).not.toMatch(/\n\s+at /);
      expect(run.output).not.toContain(SECRET);
      // Three GETs at most, and nothing but GETs: no check ran.
      expect(target.requests.length).toBeLessThanOrEqual(3);
      expect(target.requests.every((r) => r.startsWith('GET '))).toBe(true);
    } finally {
      await target.close();
    }
  });
}

const WRONG_ADDRESSES = [
  {
    label: 'the path prefix doubled',
    suffix: '/api/h2h',
    environment: 'sandbox',
    request: 'POST /api/h2h/api/h2h/ingestion/financial-events',
    cause:
      /the prefix is doubled\); set TARGET_BASE_URL=http:\/\/127\.0\.0\.1:\d+, where that request is answered \(HTTP 401\)/,
  },
  {
    label: 'another path prefix',
    suffix: '/gateway/v2',
    environment: 'sandbox',
    request: 'POST /gateway/v2/api/h2h/ingestion/financial-events',
    cause: /at http:\/\/127\.0\.0\.1:\d+ the same request is answered \(HTTP 401\)/,
  },
  {
    label: 'the path prefix doubled, against production (GETs only)',
    suffix: '/api/h2h',
    environment: 'production',
    request: 'GET /api/h2h/api/h2h/ingestion/financial-events/',
    cause:
      /the prefix is doubled\); set TARGET_BASE_URL=http:\/\/127\.0\.0\.1:\d+, where that request is answered \(HTTP 401\)/,
  },
] as const;

for (const wrong of WRONG_ADDRESSES) {
  test(`COULD-NOT-RUN: a base URL with ${wrong.label} is named as a wrong address at the preflight: exit 3, one line, no rule judged`, async () => {
    const server = await startReferenceServer({ environment: wrong.environment });
    const recorder = await startMisbehavingTarget({ kind: 'proxy', upstream: server.baseUrl });
    try {
      const env = {
        ...targetEnvironmentOf(server),
        TARGET_BASE_URL: `${recorder.url}${wrong.suffix}`,
        KIT_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'kit-could-not-run-')),
      };
      const run = await runCliInProcess(['conformance'], { KIT_IGNORE_DOTENV: 'true', ...env });
      expect(run.status, run.output).toBe(EXIT.couldNotRun);
      const lines = run.output.split('\n').filter((line) => line.includes('WRONG ADDRESS'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${wrong.request}`);
      expect(lines[0]).toMatch(wrong.cause);
      expect(run.output).not.toContain('Running');
      expect(run.output).not.toMatch(/DEVIATION|certificate:/);
      expect(run.output).not.toContain(server.tenants.A.accessToken);
      // A handful of requests, none of which can store anything; against production GETs alone.
      expect(recorder.requests.length).toBeLessThanOrEqual(4);
      if (wrong.environment === 'production')
        expect(recorder.requests.filter((r) => !r.startsWith('GET '))).toEqual([]);
    } finally {
      await recorder.close();
      await server.close();
    }
  });
}

test('COULD-NOT-RUN: a deployment that answers 404 to a POST without a token is judged, not called a wrong address', async () => {
  const setup = await behindProxy({}, { mutant: 'missing-token-404' });
  try {
    const run = await runConformance(setup.env, ['--grep', 'AUTH-TOKEN-MISSING: POST']);
    expect(run.output).not.toContain('WRONG ADDRESS');
    expect(run.code, run.output).toBe(EXIT.deviation);
  } finally {
    await setup.close();
  }
});

/** The reference server, reached through a misbehaving proxy, with the contract of its tenants. */
const behindProxy = async (
  proxy: Omit<Extract<Parameters<typeof startMisbehavingTarget>[0], { kind: 'proxy' }>, 'kind' | 'upstream'>,
  options: Parameters<typeof startReferenceServer>[0] = {},
) => {
  const server = await startReferenceServer(options);
  const target = await startMisbehavingTarget({ kind: 'proxy', upstream: server.baseUrl, ...proxy });
  const env = {
    ...targetEnvironmentOf(server),
    TARGET_BASE_URL: target.url,
    KIT_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'kit-could-not-run-')),
  };
  return {
    server,
    target,
    env,
    close: async () => {
      await target.close();
      await server.close();
    },
  };
};

/** The target answers this many requests, then none. */
const DIES_AFTER = 150;

/**
 * The slice of the suite a run that must stop mid-way runs: the validation checks and properties send
 * many times the requests a target answers before it goes (a whole run only lists more checks that the
 * stop leaves unrun), on more than one worker, so that every worker must see the stop. Two are more
 * than one: a third adds only its start-up. Left out: the checks that send their requests side by side
 * (a JSON document's edges, an amount's literal forms, the structure sweep), each of whose requests passes the stop's check
 * at once, so that on a busy machine a whole group may reach the target after the stop; without them, at
 * most one request a worker is in flight when the run stops, whatever the machine's speed.
 */
const STOPPED_WORKERS = 2;
const SIDE_BY_SIDE_GROUPS = [
  'the edges of a JSON document',
  'literal forms of an amount',
  'the structure of a body, at every depth',
];
const SIDE_BY_SIDE_CHECKS = SIDE_BY_SIDE_GROUPS.join('|');

test('COULD-NOT-RUN: each group of checks the stopped slice leaves out is still a group of the suite', () => {
  // A renamed group would match nothing and come back into the slice, its requests sent side by side.
  const specs = readdirSync('suites', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => readFileSync(join('suites', file), 'utf8'))
    .join('\n');
  expect(SIDE_BY_SIDE_GROUPS.filter((group) => !specs.includes(`test.describe('${group}'`))).toEqual([]);
});
const STOPPED_SLICE = [
  '--grep',
  '@validation',
  '--grep-invert',
  SIDE_BY_SIDE_CHECKS,
  `--workers=${STOPPED_WORKERS}`,
];

/** The checks a stop left unrun: skipped, each naming the stop (its line, or that the run was stopped). */
const stoppedChecks = (env: Record<string, string>): string[] =>
  certificateOf(env).rules.flatMap((rule) =>
    rule.tests
      .filter((t) =>
        t.reasons?.some((reason) => /^not run: (the run was stopped|TARGET LOST|THROTTLED)\b/.test(reason)),
      )
      .map((t) => t.title),
  );

/** The pacing of tenants A and B is not what a lost target is about: it only delayed the loss. */
const UNPACED = { tenantRateLimits: UNPACED_TENANTS };

for (const how of ['reset', 'hang'] as const) {
  test(`COULD-NOT-RUN: a target that stops answering mid-run (${how}) stops the run: exit 3, the rest not sent`, async () => {
    const setup = await behindProxy({ dieAfter: { requests: DIES_AFTER, how } }, UNPACED);
    try {
      // A hanging target is waited for: the first request it leaves unanswered waits the request
      // time-out, the default's least (5 s) set outright, so that a busy machine's slow answers before
      // the target dies are not taken for its death.
      const wait: Record<string, string> = how === 'hang' ? { REQUEST_TIMEOUT_SECONDS: '5' } : {};
      // A target that died stays dead: its probes are waited for 1 s, not the default 30 s a restart
      // gets. Only the dead target's probes wait it: before it dies, nothing is refused or reset.
      wait.KIT_RECOVERY_WAIT_SECONDS = '1';
      const run = await runConformance({ ...setup.env, ...wait }, STOPPED_SLICE);
      expect(run.code, run.output).toBe(EXIT.couldNotRun);
      expect(run.output).toMatch(/TARGET LOST: \d+ requests in a row since .* got no answer/);
      const died = setup.target.diedAt();
      expect(died).toBeDefined();
      // Stopped, not run to its end: after the loss the workers send only what was already in flight
      // and the unanswered requests and probes that tell the loss; the checks after it never start.
      expect(setup.target.requests.length - DIES_AFTER).toBeLessThan(100);
      expect(stoppedChecks(setup.env).length, 'checks left unrun by the stop').toBeGreaterThan(0);
      const certificate = certificateOf(setup.env);
      expect(certificate.outcome).toBe('incomplete');
      expect(certificate.outcomeText).toMatch(/the run was stopped: TARGET LOST/);
      expect(certificate.outcomeText).not.toMatch(/rules? failed/);
    } finally {
      await setup.close();
    }
  });
}

test('COULD-NOT-RUN: requests the target never answers, while it answers others, are named and never read as a pass: exit 3', async () => {
  // A validation proxy that hangs on any body it cannot parse, in front of the reference.
  const setup = await behindProxy({ silentOnBodyNotJson: true });
  try {
    // A POST's and a PUT's body that is not JSON, never answered, beside GETs that are: each check
    // left unanswered ends its worker, so the rule's other checks would only start more.
    const run = await runConformance({ ...setup.env, REQUEST_TIMEOUT_SECONDS: '2' }, [
      '--grep',
      'REQUEST-MALFORMED-400, GAP-MALFORMED-JSON: a (PUT )?body that is not JSON|AUTH-TOKEN-MISSING: GET',
    ]);
    expect(run.code, run.output).toBe(EXIT.couldNotRun);
    expect(run.output).toMatch(
      /UNANSWERED: POST \/api\/h2h\/ingestion\/financial-events, no answer after \d+ ms, in ".*" \(REQUEST-MALFORMED-400/,
    );
    expect(run.output).not.toContain('No deviation found');
    const certificate = JSON.parse(
      readFileSync(join(outputPaths(setup.env).certificate, 'certificate.json'), 'utf8'),
    ) as {
      outcome: string;
      unanswered: { method: string; path: string; waitedMs: number; rules: string[] }[];
      rules: { id: string; verdict: string; reason?: string }[];
      totals: { tests: { failed: number } };
    };
    expect(certificate.outcome).toBe('incomplete');
    expect(certificate.unanswered.map((u) => u.method).sort()).toEqual(['POST', 'PUT']);
    for (const u of certificate.unanswered) {
      // POST's malformed bodies and PUT's alike (the PUT's path holds the uuid of the event it updates).
      expect(['POST', 'PUT']).toContain(u.method);
      expect(u.waitedMs).toBeGreaterThanOrEqual(1900);
      expect(u.rules).toContain('REQUEST-MALFORMED-400');
    }
    const malformed = certificate.rules.find((rule) => rule.id === 'REQUEST-MALFORMED-400');
    expect(malformed?.verdict).toBe('inconclusive');
    expect(malformed?.reason).toMatch(/not run: the target gave no HTTP answer/);
    // The rule the answered requests judged still passed: the run was judged as far as it was seen.
    expect(certificate.rules.find((rule) => rule.id === 'AUTH-TOKEN-MISSING')?.verdict).toBe('passed');
    // The certificate counts the unanswered checks as Playwright does: failed, not skipped.
    expect(certificate.totals.tests.failed).toBe(certificate.unanswered.length);
  } finally {
    await setup.close();
  }
});

test('COULD-NOT-RUN: a tenant whose real limit is below the contract stops the run: exit 6, one line, nothing new sent for the paced tenants after their first 429', async () => {
  // The server allows 40 requests per 5 s; the contract says 1000.
  const setup = await behindProxy({}, { rateLimit: { requestsPerWindow: 40, windowSeconds: 5 } });
  try {
    // Every tenant's own pair too: the server hands the run its real limits, which the contract overrides.
    const contractSays = { requestsPerWindow: 1000, windowSeconds: 5 };
    const workers = STOPPED_WORKERS;
    const run = await runConformance(
      { ...setup.env, ...limitVariables({ A: contractSays, B: contractSays, RATE_LIMIT: contractSays }) },
      STOPPED_SLICE,
    );
    expect(run.code, run.output).toBe(EXIT.throttled);
    expect(run.output).toMatch(
      /THROTTLED: tenant [AB] met 429s outside the rate-limit checks after sending about \d+ requests in the 5 s before them, while the contract says 1000 per 5 s/,
    );
    expect(run.output).toMatch(/Set the tenant's real limit in the target contract/);
    // The paced tenants' requests that reached the target after the worker that met the first 429
    // stopped the run (the stop's time, taken just before its file is written): only those already in
    // flight, at most one a worker (a worker asks for the stop before each request, and a check's
    // requests of one tenant go one after another, through its pacer), whatever the machine's speed.
    // Counted from the 429's answer instead, a worker slow to read it would let the others send on.
    // The rate-limit tenant's are its checks' own and are not counted.
    const paced = new Set([setup.server.tenants.A.clientId, setup.server.tenants.B.clientId]);
    const pacedSeen = setup.target.seen.filter((r) => r.clientId !== undefined && paced.has(r.clientId));
    expect(pacedSeen.some((r) => r.status === 429)).toBe(true);
    const stop = readRunStop(outputPaths(setup.env).runStop);
    expect(stop?.reason).toBe('throttled');
    const stoppedAt = Date.parse(stop?.at ?? '');
    const after = pacedSeen.filter((r) => performance.timeOrigin + r.arrivedAt > stoppedAt);
    expect(
      after.length,
      `${after.length} requests of the paced tenants after the run was stopped`,
    ).toBeLessThanOrEqual(workers);
    expect(stoppedChecks(setup.env).length, 'checks left unrun by the stop').toBeGreaterThan(0);
  } finally {
    await setup.close();
  }
});

test('COULD-NOT-RUN: a slow but conforming target is no deviation; a check that runs out of time is inconclusive', async () => {
  const setup = await behindProxy({ delayMs: 400 });
  try {
    // GETs with and without a token, and POSTs; not the check of an event's versions (a deployment's
    // addition), whose second look at the end of the run takes a worker of its own.
    const grep = [
      '--grep',
      'AUTH-TOKEN-MISSING: GET|RETRIEVE-UNKNOWN-404: GET of an unknown uuid|DEDUP-EXTERNAL-ID: a second POST',
    ];
    // A check given too little time runs out of it: could not run (3), never a deviation (1). One
    // check shows it: two POSTs and a GET, each 400 ms, outlast its 1 s; a check that runs out of time
    // ends its worker, so each more would only start another. The two runs go side by side, each in an
    // output folder of its own: both mostly wait for the target.
    const rushedEnv = {
      ...setup.env,
      KIT_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'kit-could-not-run-')),
      KIT_TEST_TIMEOUT_SECONDS: '1',
    };
    const [slow, rushed] = await Promise.all([
      runConformance(setup.env, grep),
      runConformance(rushedEnv, ['--grep', 'DEDUP-EXTERNAL-ID: a second POST']),
    ]);
    expect(slow.code, slow.output).toBe(EXIT.ok);
    expect(slow.output).toMatch(/preflight: the service answers, round trip \d+ ms/);
    expect(rushed.code, rushed.output).toBe(EXIT.couldNotRun);
    expect(rushed.output).toMatch(/COULD NOT RUN FULLY: Incomplete/);
    const rushedCertificate = certificateOf(rushedEnv);
    expect(rushedCertificate.outcomeText).not.toMatch(/rules? failed/);
    expect(rushedCertificate.rules.find((rule) => rule.id === 'DEDUP-EXTERNAL-ID')?.verdict).toBe(
      'inconclusive',
    );
  } finally {
    await setup.close();
  }
});

test('COULD-NOT-RUN: 200 {} to everything is a deviation, and no gap reads a 200 as a refusal', async () => {
  const target = await startMisbehavingTarget({
    kind: 'fixed',
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  try {
    const env = contract(target.url);
    // Every check that reads a gap, once: the second look at the end of the run repeats two of them
    // (a deployment's listing and an event's versions, which this target shows no sign of) on a
    // worker of its own.
    const run = await runConformance(env, ['--grep', 'GAP-', '--grep-invert', 'end of the run']);
    expect(run.code, run.output).toBe(EXIT.deviation);
    const observations = readFileSync(outputPaths(env).observations, 'utf8');
    expect(observations).not.toMatch(/refused[^"]*200/);
  } finally {
    await target.close();
  }
});
