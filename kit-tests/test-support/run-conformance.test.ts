/** The kit tests' filtered runs get one worker, however the filter and the workers are written. */
import { expect, test } from './kit-test.ts';
import { withOneWorkerWhenFiltered } from './run-conformance.ts';

test('KIT RUNS: a run filtered by --grep in any of its forms gets one worker unless it names its own', () => {
  for (const args of [['--grep', '@auth'], ['--grep=@auth'], ['-g', '@auth'], ['-g@auth'], ['-xg@auth']])
    expect(withOneWorkerWhenFiltered(args), args.join(' ')).toEqual([...args, '--workers=1']);
  for (const args of [
    ['-g@auth', '-j2'],
    ['-xj2', '--grep', 'x'],
    ['--workers=3', '-g', 'x'],
    ['--list'],
    [],
  ])
    expect(withOneWorkerWhenFiltered(args), args.join(' ')).toEqual(args);
  // Arguments the run must refuse reach it as given.
  expect(withOneWorkerWhenFiltered(['--no-such-option', '-g', 'x'])).toEqual(['--no-such-option', '-g', 'x']);
});
