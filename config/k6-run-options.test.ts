import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { EXIT } from './exit-codes.ts';
import { K6_RUN_OPTIONS, unknownK6Option } from './k6-run-options.ts';

const KIT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const k6 = process.env.K6_BIN || 'k6';

test('K6 OPTIONS: the table holds exactly the options of `k6 run --help`', () => {
  const help = spawnSync(k6, ['run', '--help'], { encoding: 'utf8' });
  test.skip(help.error !== undefined, `no k6 here (${k6}): the table is checked where k6 is`);
  const documented = new Set<string>();
  for (const line of help.stdout.split('\n')) {
    const match = /^\s+(?:(-\w), )?(--[\w-]+)/.exec(line);
    if (match?.[1]) documented.add(match[1]);
    if (match?.[2]) documented.add(match[2]);
  }
  expect(documented.size).toBeGreaterThan(40);
  expect(new Set(K6_RUN_OPTIONS)).toEqual(documented);
});

test('K6 OPTIONS: an option neither the kit nor k6 takes is named, with the nearest one', () => {
  expect(unknownK6Option(['--vus', '5', '-e', 'A=1', '--segments=2'], ['--segments'])).toBeUndefined();
  expect(unknownK6Option(['--segmnts', '2'], ['--segments'])).toBe(
    'unknown option --segmnts (did you mean --segments?): neither the kit nor `k6 run` takes it',
  );
  expect(unknownK6Option(['-Z'], [])).toMatch(/^unknown option -Z: /);
});

test('K6 OPTIONS: `fei-kit load capacity --segmnts 2` is refused before k6 starts: exit 2, one line on stderr', () => {
  // No k6 at all: reaching k6 would end in 4 (k6 missing); the refusal comes first.
  const result = spawnSync(
    process.execPath,
    [join(KIT_ROOT, 'bin', 'fei-kit.mjs'), 'load', 'capacity', '--segmnts', '2'],
    {
      env: { PATH: process.env.PATH, K6_BIN: join(KIT_ROOT, 'no-such-k6'), KIT_IGNORE_DOTENV: 'true' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(result.status, result.stderr).toBe(EXIT.badConfiguration);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toEqual([
    'load capacity: unknown option --segmnts (did you mean --segments?): neither the kit nor `k6 run` takes it; see fei-kit load capacity --help',
  ]);
});
