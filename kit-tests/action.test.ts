// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are GitHub expressions, ${{ … }}, not templates
/**
 * The kit's GitHub Action (action.yml), checked offline: its metadata holds to GitHub's rules for a
 * composite action (action-file.ts, which also finds a broken one); the step that runs the kit does so
 * as a runner would, its arguments split like a shell's but never run by one; and the workflow of
 * docs/github-action.md that uses it passes GitHub's own workflow parser.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserHar, dedupTraffic } from '../impact/test-support/har-files.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { actionProblems, parseActionFile } from './action-file.ts';
import { expect, test } from './test-support/kit-test.ts';
import type { WorkflowCheck } from './validate-workflow.ts';

const ACTION = readFileSync(join(KIT_ROOT, 'action.yml'), 'utf8');

test('ACTION: action.yml holds to the rules of a composite action', () => {
  expect(actionProblems(ACTION)).toEqual([]);
  const action = parseActionFile(ACTION);
  expect(Object.keys(action.inputs)).toEqual(
    expect.arrayContaining([
      'command',
      'args',
      'output',
      'upload-artifacts',
      'job-summary',
      'fail-on-exit-code',
    ]),
  );
  expect(Object.keys(action.outputs)).toEqual(['exit-code', 'certificate']);
  const uploads = action.runs.steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
  expect(uploads.map((s) => s.with?.name)).toEqual([
    '${{ inputs.artifact-prefix }}-certificate',
    '${{ inputs.artifact-prefix }}-junit',
    '${{ inputs.artifact-prefix }}-allure-results',
  ]);
  expect(action.runs.steps.at(-1)?.run).toContain('exit "$CODE"');
});

test('ACTION: it sets up Node itself, the active LTS line unless the node-version input says another', () => {
  const action = parseActionFile(ACTION);
  expect(action.inputs['node-version']?.default).toBe('26');
  const [first, second] = action.runs.steps;
  expect(first?.uses).toBe('actions/setup-node@v4');
  expect(first?.with?.['node-version']).toBe('${{ inputs.node-version }}');
  expect(first?.if).toBe("${{ inputs.node-version != '' }}");
  expect(second?.run).toContain('npm ci');
  // The default is a line the kit's engines name.
  const engines = (
    JSON.parse(readFileSync(join(KIT_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
  ).engines.node;
  expect(engines).toContain(`^${action.inputs['node-version']?.default}.`);
});

test('ACTION: the check finds a broken action (it can fail)', () => {
  const broken = ACTION.replace('      shell: bash\n      run: npm ci', '      run: npm ci')
    .replace('${{ inputs.command }}', '${{ inputs.comand }}')
    .replace('actions/upload-artifact@v4', 'actions/upload-artifact@main')
    .replace('steps.run.outputs.code }}', 'steps.runs.outputs.code }}');
  const problems = actionProblems(broken);
  expect(problems.join('\n')).toMatch(/names its shell/);
  expect(problems.join('\n')).toMatch(/pinned to a major version/);
  const fixedShell = ACTION.replace('${{ inputs.command }}', '${{ inputs.comand }}').replace(
    'steps.run.outputs.code }}',
    'steps.runs.outputs.code }}',
  );
  expect(actionProblems(fixedShell)).toEqual(['inputs.comand is not an input', 'steps.runs names no step']);
  expect(actionProblems(ACTION.replace('esac', 'esca'))).toEqual([
    expect.stringMatching(/^step "Run fei-kit/),
  ]);
});

/**
 * The action's step that runs the kit, as a runner runs it: its env, GITHUB_OUTPUT, the action's path
 * (the kit's folder, or a stand-in's).
 */
const runStep = (command: string, args: string, actionPath = KIT_ROOT) => {
  const script = parseActionFile(ACTION).runs.steps.find((s) => s.id === 'run')?.run ?? '';
  const folder = mkdtempSync(join(tmpdir(), 'kit-action-'));
  const outputs = join(folder, 'github-output');
  writeFileSync(outputs, '');
  const result = spawnSync('bash', ['-e', '-c', script], {
    cwd: folder,
    env: {
      PATH: process.env.PATH,
      HOME: folder,
      GITHUB_OUTPUT: outputs,
      GITHUB_ACTION_PATH: actionPath,
      FEI_KIT_COMMAND: command,
      FEI_KIT_ARGS: args,
      KIT_OUTPUT_DIR: join(folder, 'fei-kit-output'),
      KIT_IGNORE_DOTENV: 'true',
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { ...result, folder, outputs: readFileSync(outputs, 'utf8') };
};

/**
 * A stand-in for the kit at the action's path: its bin prints the words it was given, as JSON, and
 * exits 3. The step's splitting and the code it records are then seen exactly, without a run of the
 * kit (a listing of the whole suite); the impact gate's test below runs the real kit through the step.
 */
const standInKit = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'kit-action-stand-in-'));
  mkdirSync(join(folder, 'bin'));
  writeFileSync(
    join(folder, 'bin', 'fei-kit.mjs'),
    'process.stdout.write(JSON.stringify(process.argv.slice(2)));\nprocess.exitCode = 3;\n',
  );
  return folder;
};

test('ACTION: the run step runs the kit with the arguments split as a shell would, and records its code', () => {
  const step = runStep(
    'conformance',
    `--list --grep "@readonly or more" --reporter 'line' two\\ words`,
    standInKit(),
  );
  expect(step.status, step.stderr).toBe(0);
  expect(step.outputs).toContain(`certificate=${join(step.folder, 'fei-kit-output', 'certificate')}`);
  expect(step.outputs).toMatch(/^code=3$/m);
  // Quotes and a backslash read as a shell reads them: each quoted value reaches the kit whole.
  expect(JSON.parse(step.stdout)).toEqual([
    'conformance',
    '--list',
    '--grep',
    '@readonly or more',
    '--reporter',
    'line',
    'two words',
  ]);
});

test('ACTION: the impact gate runs through it too, its report where the certificate output says', () => {
  const traffic = mkdtempSync(join(tmpdir(), 'kit-action-traffic-'));
  writeFileSync(join(traffic, 'tenant.har'), browserHar(dedupTraffic(randomUUID())));
  const gated = runStep('impact', `--traffic '${traffic}'`);
  expect(gated.outputs, gated.stderr).toMatch(/^code=0$/m);
  const report = join(gated.folder, 'fei-kit-output', 'impact');
  expect(gated.outputs).toContain(`certificate=${report}`);
  expect(readFileSync(join(report, 'impact-report.junit.xml'), 'utf8')).toContain('tests="1" failures="0"');
});

test('ACTION: an argument is never run as a shell command, and a wrong command is exit 2', () => {
  const marker = join(tmpdir(), `kit-action-injected-${process.pid}`);
  // --help: the kit starts nothing, so whatever ran the marker's command would be the step's shell.
  const injected = runStep('conformance', `--help --grep "$(touch ${marker})" \`touch ${marker}\``);
  expect(existsSync(marker)).toBe(false);
  expect(injected.outputs).toMatch(/^code=\d+$/m);
  const wrong = runStep('deploy', '');
  expect(wrong.outputs).toMatch(/^code=2$/m);
  expect(wrong.stderr).toContain('command must be conformance, certify-client or impact');
});

test('ACTION: the workflow of docs/github-action.md that uses it passes GitHub’s workflow parser', () => {
  const doc = readFileSync(join(KIT_ROOT, 'docs', 'github-action.md'), 'utf8');
  const workflow = /```yaml\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!workflow) throw new Error('docs/github-action.md holds no workflow');
  expect(workflow).toContain('command: certify-client');
  const file = join(mkdtempSync(join(tmpdir(), 'kit-action-doc-')), 'uses-the-kit.yml');
  writeFileSync(file, workflow);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(KIT_ROOT, 'kit-tests', 'validate-workflow.ts'), '--json', file],
    { cwd: KIT_ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  const checks = JSON.parse(result.stdout) as WorkflowCheck[];
  expect(checks).toEqual([{ file, errors: [], jobs: ['deployment', 'client'] }]);
  // The checker exits 0 when every file it is given is valid (workflow.test.ts checks the 1).
  expect(result.status).toBe(0);
});
