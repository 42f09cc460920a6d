/**
 * The load commands as a user runs them, in a child process, for the kit tests: the exit code and
 * what they printed; and what a capacity run wrote.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { kitCommandArguments, KIT_ROOT as REPO_ROOT } from '../../utilities/kit-root.ts';
import type { JsonReport } from '../lib/json-report.ts';
import type { SegmentManifest } from '../lib/segment-manifest.ts';

export interface LoadChildRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A load command (`fei-kit load …`) as a user runs it, with exactly `env`; killed after `timeoutMs`. */
export const runLoadChild = (
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<LoadChildRun> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, kitCommandArguments(args), {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

/** `fei-kit load capacity`: k6 from PATH, no .env, the given settings. */
export const runCapacityChild = (
  k6Path: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<LoadChildRun> =>
  runLoadChild(
    ['load', 'capacity', ...args],
    { PATH: dirname(k6Path), TMPDIR: tmpdir(), KIT_IGNORE_DOTENV: 'true', ...env },
    170_000,
  );

/** The merged summary a capacity run wrote in its report folder. */
export const mergedSummary = (reportDir: string): JsonReport =>
  JSON.parse(readFileSync(join(reportDir, 'capacity.summary.json'), 'utf8')) as JsonReport;

/** `metric expression` of every threshold the merged verdict found crossed. */
export const failedThresholds = (reportDir: string): string[] =>
  mergedSummary(reportDir)
    .thresholds.filter((t) => t.verdict !== 'passed')
    .map((t) => `${t.metric} ${t.expression}`);

export const segmentManifest = (reportDir: string, name: string): SegmentManifest =>
  JSON.parse(
    readFileSync(join(reportDir, 'capacity-segments', `${name}.segment.json`), 'utf8'),
  ) as SegmentManifest;
