// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are GitHub expressions, ${{ … }}, not templates
/**
 * The nightly workflow, checked offline: GitHub's own workflow parser and schema
 * (@actions/workflow-parser, what GitHub's editor tooling uses) finds no error, and the workflow does
 * what docs/scaling.md and the README promise: schedule and manual runs, the contract from secrets
 * and nowhere else, the active LTS Node and `npm ci`, the kit on every Node line it supports, k6 installed the usual way, the history restored before the
 * report, a token search before anything leaves the runner, the report on Pages, the certificate and
 * JUnit as artifacts, the comparison with the previous night's behaviour profile, and a verdict that
 * fails on a deviation (and on drift, when asked).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { expect, test } from './test-support/kit-test.ts';
import type { WorkflowCheck } from './validate-workflow.ts';

const PATH = '.github/workflows/conformance.yml';
const text = readFileSync(PATH, 'utf8');

interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
}
interface Job {
  readonly needs?: string | string[];
  readonly if?: string;
  readonly permissions?: Record<string, string>;
  readonly steps: Step[];
  readonly env?: Record<string, string>;
}
interface Workflow {
  readonly on: Record<string, unknown>;
  readonly permissions?: Record<string, string>;
  readonly jobs: Record<string, Job>;
}

const workflow = parse(text) as Workflow;
const job = workflow.jobs.conformance as Job;
const steps = job.steps;
const indexOf = (predicate: (step: Step) => boolean): number => {
  const index = steps.findIndex(predicate);
  expect(index, `a step matching ${predicate}`).toBeGreaterThanOrEqual(0);
  return index;
};

const CONTRACT = [
  'TARGET_BASE_URL',
  'TARGET_ENVIRONMENT',
  'TENANT_A_CLIENT_ID',
  'TENANT_A_ACCESS_TOKEN',
  'TENANT_B_CLIENT_ID',
  'TENANT_B_ACCESS_TOKEN',
  'RATE_LIMIT_CLIENT_ID',
  'RATE_LIMIT_ACCESS_TOKEN',
];

/** kit-tests/validate-workflow.ts (GitHub's parser) in a tsx child: see why in that file. */
const validate = (...files: string[]): { status: number | null; checks: WorkflowCheck[] } => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'kit-tests/validate-workflow.ts', '--json', ...files],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(result.stderr).toBe('');
  return { status: result.status, checks: JSON.parse(result.stdout) as WorkflowCheck[] };
};

/**
 * The workflow and a broken copy of it, checked by one child (about a second of CPU each, most of it
 * loading tsx and the parser), kept for the two tests below. Its exit is 1, for the broken copy; that a
 * valid file alone exits 0 is action.test.ts's, whose child checks the valid workflow of the docs.
 */
const validated = (): { status: number | null; workflow?: WorkflowCheck; broken?: WorkflowCheck } => {
  if (kept) return kept;
  const broken = join(mkdtempSync(join(tmpdir(), 'kit-workflow-')), 'broken.yml');
  writeFileSync(
    broken,
    text
      .replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-latest\n    stepz: []')
      .replace('${{ github.token }}', '${{ gihtub.token }}'),
  );
  const { status, checks } = validate(PATH, broken);
  kept = { status, workflow: checks[0], broken: checks[1] };
  return kept;
};
let kept: ReturnType<typeof validated> | undefined;

test.describe("GitHub's workflow parser", () => {
  // One worker for both tests, so that they share the one child above.
  test.describe.configure({ mode: 'default' });

  test('WORKFLOW: GitHub’s workflow parser and schema find no error in it', () => {
    expect(validated().workflow).toEqual({
      file: PATH,
      errors: [],
      jobs: ['conformance', 'node-lines', 'publish', 'verdict'],
    });
  });

  test('WORKFLOW: the parser does find a broken workflow (the check above can fail)', () => {
    const { status, broken } = validated();
    const messages = broken?.errors ?? [];
    expect(messages.some((m) => m.includes("Unexpected value 'stepz'"))).toBe(true);
    expect(messages.some((m) => m.includes("Unrecognized named-value: 'gihtub'"))).toBe(true);
    expect(status).toBe(1);
  });
});

test('WORKFLOW: nightly on a schedule and by hand, never on a push', () => {
  expect(Object.keys(workflow.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
  const schedule = workflow.on.schedule as { cron: string }[];
  expect(schedule).toHaveLength(1);
  expect(schedule[0]?.cron.split(' ')).toHaveLength(5);
  expect(workflow.permissions).toEqual({ contents: 'read' });
});

test('WORKFLOW: the target contract comes from repository secrets, into one step, never into a command', () => {
  const contractSteps = steps.filter((s) => s.env && CONTRACT.some((name) => name in (s.env ?? {})));
  expect(contractSteps).toHaveLength(1);
  const env = contractSteps[0]?.env ?? {};
  for (const name of CONTRACT) expect(env[name], name).toBe(`\${{ secrets.${name} }}`);
  // A secret interpolated into a script would end up in the script file and could break its quoting.
  for (const step of steps) expect(step.run ?? '', step.name).not.toMatch(/\$\{\{\s*secrets\./);
  expect(JSON.stringify(job.env ?? {})).not.toMatch(/secrets\./);
  expect(contractSteps[0]?.run).toContain('umask 077');
  expect(steps.at(-1)?.run).toBe('rm -f .env');
  expect(steps.at(-1)?.if).toBe('${{ always() }}');
});

test('WORKFLOW: Node 26 (the active LTS line), k6 the usual way, then the suites through the kit’s own action, load, certificate, report in order', () => {
  const node = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
  expect(node?.with?.['node-version']).toBe(26);
  const ci = indexOf((s) => s.uses?.startsWith('actions/setup-node@') === true);
  const k6 = indexOf((s) => s.uses?.startsWith('grafana/setup-k6-action@') === true);
  const history = indexOf((s) => s.run?.includes('--name allure-history') === true);
  const suites = indexOf((s) => s.uses === './' && s.with?.command === 'conformance');
  const load = indexOf((s) => s.run?.includes('npm run load:rate-limit') === true);
  const certificate = indexOf((s) => s.run === 'npm run certificate');
  const report = indexOf((s) => s.run === 'npm run report');
  const scan = indexOf((s) => s.run?.includes('then npm run scan-outputs;') === true);
  expect([ci, k6, history, suites, load, certificate, report, scan]).toEqual(
    [ci, k6, history, suites, load, certificate, report, scan].sort((a, b) => a - b),
  );
  expect(steps[load]?.run).toContain('npm run load:latency');
  // The evidence is built by the steps after it: the action only runs the suites here.
  expect(steps[suites]?.with).toMatchObject({ 'upload-artifacts': 'false', 'fail-on-exit-code': 'false' });
  expect(job.env?.ALLURE_HISTORY_PATH).toBe('fei-kit-output/history/history.jsonl');
  expect(job.env?.KIT_RUN_ID).toMatch(/github\.run_id/);
  // The evidence is built even when the suites found a deviation.
  for (const index of [certificate, report, scan]) expect(steps[index]?.if).toBe('${{ always() }}');
});

test('WORKFLOW: nothing is uploaded before the token search; certificate, JUnit and history are artifacts', () => {
  const scan = indexOf((s) => s.run?.includes('then npm run scan-outputs;') === true);
  const uploads = steps
    .map((s, index) => ({ s, index }))
    .filter(({ s }) => /^actions\/upload-(pages-)?artifact@/.test(s.uses ?? ''));
  expect(uploads.length).toBeGreaterThanOrEqual(4);
  for (const { index } of uploads) expect(index).toBeGreaterThan(scan);
  const artifacts = Object.fromEntries(
    uploads.filter(({ s }) => s.with?.name).map(({ s }) => [s.with?.name as string, String(s.with?.path)]),
  );
  expect(artifacts.certificate).toBe('fei-kit-output/certificate/');
  expect(artifacts.junit).toContain('fei-kit-output/conformance/junit.xml');
  expect(artifacts.junit).toContain('fei-kit-output/load/*.junit.xml');
  expect(artifacts['allure-history']).toBe('fei-kit-output/history/history.jsonl');
  expect(text).toContain('gh run download "$id" --repo "$GITHUB_REPOSITORY" --name allure-history');
});

test('WORKFLOW: the report is published on GitHub Pages, and a deviation fails the run after it', () => {
  const publish = workflow.jobs.publish as Job;
  expect(publish.needs).toBe('conformance');
  expect(publish.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
  expect(publish.steps.map((s) => s.uses)).toEqual(['actions/deploy-pages@v4']);
  expect(steps.some((s) => s.uses === 'actions/upload-pages-artifact@v3' && s.with?.path === 'site')).toBe(
    true,
  );
  const verdict = workflow.jobs.verdict as Job;
  expect(verdict.needs).toEqual(['conformance', 'publish', 'node-lines']);
  expect(verdict.if).toBe('${{ always() }}');
  expect(verdict.steps[0]?.run).toContain('exit "${CONFORMANCE:-1}"');
});

test('WORKFLOW: a matrix runs the kit on each Node line its engines name, against the reference server', () => {
  const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines
    .node;
  const lines = [...engines.matchAll(/\^(\d+)\./g)].map((m) => m[1]);
  const nodeLines = workflow.jobs['node-lines'] as Job & { strategy: { matrix: { node: string[] } } };
  expect(nodeLines.strategy.matrix.node).toEqual(lines);
  expect(lines).toEqual(['22', '24', '26']);
  const run = nodeLines.steps.find((s) => s.uses === './');
  expect(run?.with).toMatchObject({ 'node-version': '${{ matrix.node }}', command: 'conformance' });
  expect(run?.with?.['artifact-prefix']).toContain('${{ matrix.node }}');
  // No contract: the reference server, so the lines spend none of the target's rate limit.
  expect(JSON.stringify(nodeLines)).not.toMatch(/secrets\.|\.env\b/);
  const verdict = workflow.jobs.verdict as Job;
  expect(verdict.steps[0]?.env?.NODE_LINES).toBe('${{ needs.node-lines.result }}');
  expect(verdict.steps[0]?.run).toContain('[ "$NODE_LINES" = "success" ] || exit 1');
});

test('WORKFLOW: every action is pinned to a major version, every npm script it runs exists', () => {
  const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.map((s) => s.uses).filter(Boolean));
  // The kit's own action is this repository's (`./`): the same version as the workflow.
  for (const action of uses) expect(action).toMatch(/^([\w.-]+\/[\w.-]+@v\d+|\.\/)$/);
  const scripts = Object.keys(
    (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
  );
  const used = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] as string);
  expect(new Set(used)).toEqual(
    new Set(['load:rate-limit', 'load:latency', 'certificate', 'compare', 'report', 'scan-outputs']),
  );
  expect(used.filter((name) => !scripts.includes(name))).toEqual([]);
});

test('WORKFLOW: each night is compared with the last scheduled run’s profile, and a run can be kept as the release baseline', () => {
  const restore = indexOf((s) => s.run?.includes('--name behaviour-profile') === true);
  expect(steps[restore]?.run).toContain('--event schedule');
  expect(steps[restore]?.run).toContain('--dir fei-kit-output/baseline');
  const certificate = indexOf((s) => s.run === 'npm run certificate');
  const compare = indexOf((s) => s.id === 'compare');
  const report = indexOf((s) => s.run === 'npm run report');
  const summary = indexOf((s) => s.name === 'Job summary');
  expect(restore).toBeLessThan(indexOf((s) => s.uses === './'));
  // After the certificate (the profile then holds the k6 figures), before what shows its result.
  expect([certificate, compare, report, summary]).toEqual(
    [certificate, compare, report, summary].sort((a, b) => a - b),
  );
  expect(steps[compare]?.run).toContain('npm run compare -- fei-kit-output/baseline/profile.json');
  expect(steps[compare]?.if).toContain("hashFiles('fei-kit-output/baseline/profile.json') != ''");
  expect(steps[compare]?.env?.KIT_FAIL_ON_DRIFT).toBe('${{ vars.KIT_FAIL_ON_DRIFT }}');
  const upload = (name: string) =>
    steps.find((s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.name === name);
  expect(upload('behaviour-profile')?.with?.path).toBe('fei-kit-output/certificate/profile.json');
  const release = upload('release-baseline');
  expect(release?.with?.path).toBe('fei-kit-output/certificate/profile.json');
  expect(release?.if).toContain('inputs.release_baseline');
  expect(release?.if).toContain("steps.suite.outputs.exit-code == '0'");
  const inputs = (
    workflow.on.workflow_dispatch as { inputs: Record<string, { type: string; default: unknown }> }
  ).inputs;
  expect(inputs.release_baseline).toMatchObject({ type: 'boolean', default: false });
  const verdict = workflow.jobs.verdict as Job;
  expect(verdict.steps[0]?.env?.COMPARE).toBe('${{ needs.conformance.outputs.compare }}');
  expect(verdict.steps[0]?.run).toContain('exit "$COMPARE"');
});
