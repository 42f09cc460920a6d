import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  argumentsOf,
  type GivenOption,
  optionRefusal,
  PlaywrightArgumentError,
  playwrightWordOf,
  readOption,
  readPlaywrightArguments,
  readWords,
} from './playwright-arguments.ts';
import { specOf } from './playwright-options.ts';

const option = (written: string, value?: string): GivenOption => {
  const spec = specOf(written);
  if (!spec) throw new Error(`no option ${written}`);
  return { spec, written, value };
};

test.describe('reading one option', () => {
  test('ARGUMENTS: a value comes from =, from the same short word, or from the next word', () => {
    expect(readOption(['--grep=@auth'], 0)).toMatchObject({
      option: { written: '--grep', value: '@auth' },
      next: 1,
    });
    expect(readOption(['-j1'], 0)).toMatchObject({ option: { written: '-j', value: '1' }, next: 1 });
    expect(readOption(['-g', '@auth', 'file'], 0)).toMatchObject({
      option: { written: '-g', value: '@auth' },
      next: 2,
    });
    // A value that is optional takes the next word only when it is not an option.
    expect(readOption(['--shuffle', '--list'], 0)).toMatchObject({ option: { value: undefined }, next: 1 });
    expect(readOption(['--only-changed', 'main'], 0)).toMatchObject({ option: { value: 'main' }, next: 2 });
    // A flag takes no following word.
    expect(readOption(['--list', 'auth'], 0)).toMatchObject({ option: { value: undefined }, next: 1 });
  });

  test('ARGUMENTS: a flag written with the short options after it is split as Playwright splits it', () => {
    const words = ['-xj1'];
    expect(readOption(words, 0)).toMatchObject({ option: { written: '-x', value: undefined }, next: 1 });
    expect(words).toEqual(['-xj1', '-j1']);
    expect(() => readOption(['-x-'], 0)).toThrow('unknown option -x-: write -x and -- apart');
  });

  test('ARGUMENTS: an unknown option is refused with the nearest known name', () => {
    expect(() => readOption(['--grpe', 'x'], 0)).toThrow(PlaywrightArgumentError);
    expect(() => readOption(['--grpe', 'x'], 0)).toThrow(/^unknown option --grpe.*--grep/);
  });
});

test.describe('refusing an option', () => {
  test('ARGUMENTS: each refusal is one line naming the option as written', () => {
    expect(optionRefusal(option('--list', 'x'), true)).toBe('option --list takes no value (given "x")');
    expect(optionRefusal(option('--grep'), true)).toBe('option --grep needs a value');
    expect(optionRefusal(option('-h'), true)).toMatch(/^option -h asks for help/);
    expect(optionRefusal(option('--headed'), true)).toMatch(
      /^option --headed is not for the conformance run: /,
    );
    expect(optionRefusal(option('--workers', 'many'), true)).toMatch(
      /^option --workers "many" is not a number of workers/,
    );
    expect(optionRefusal(option('--project', 'conformance,nope'), true)).toMatch(
      /^--project "nope" names no project of the conformance run/,
    );
    expect(optionRefusal(option('--project', 'RATE*'), true)).toBeUndefined();
    expect(optionRefusal(option('--grep', '@auth'), true)).toBeUndefined();
  });

  test('ARGUMENTS: without checkValues a past run’s values are not judged, but its shape still is', () => {
    expect(optionRefusal(option('--workers', 'many'), false)).toBeUndefined();
    expect(optionRefusal(option('--project', 'nope'), false)).toBeUndefined();
    expect(optionRefusal(option('--test-list', '/gone/file'), false)).toBeUndefined();
    expect(optionRefusal(option('--grep'), false)).toBe('option --grep needs a value');
  });
});

test.describe('the words of a command line', () => {
  test('ARGUMENTS: file filters and options keep their order; -- is dropped; a lone - is a file filter', () => {
    expect(readWords(['auth', '--list', '--', '-', '--grep', 'x'], true)).toEqual([
      { fileFilter: 'auth' },
      { option: option('--list') },
      { fileFilter: '-' },
      { option: option('--grep', 'x') },
    ]);
  });

  test('ARGUMENTS: the first wrong word is the one reported', () => {
    expect(() => readWords(['--headed', '--bogus'], true)).toThrow(
      /^option --headed is not for the conformance run/,
    );
    expect(() => readWords(['--bogus', '--headed'], true)).toThrow(/^unknown option --bogus/);
  });

  test('ARGUMENTS: Playwright gets long names, reporters added, durations in ms, and none of the kit’s own options', () => {
    expect(playwrightWordOf({ fileFilter: 'auth' })).toBe('auth');
    expect(playwrightWordOf({ option: option('-g', '@auth') })).toBe('--grep=@auth');
    expect(playwrightWordOf({ option: option('--reporter', 'dot') })).toBe('--add-reporter=dot');
    expect(playwrightWordOf({ option: option('--timeout', '2m') })).toBe('--timeout=120000');
    expect(playwrightWordOf({ option: option('--global-timeout', '0') })).toBe('--global-timeout=0');
    expect(playwrightWordOf({ option: option('-x') })).toBe('-x');
    for (const own of [
      option('--output', 'out'),
      option('--report'),
      option('--deviations', 'd.json'),
      option('--openapi', 'o.json'),
    ])
      expect(playwrightWordOf({ option: own }), own.written).toBeUndefined();
  });

  test('ARGUMENTS: what the run uses: reporters split, filters as a person reads them, the last --output', () => {
    const read = argumentsOf([
      { option: option('--reporter', 'dot, json') },
      { option: option('--grep', '@auth') },
      { option: option('--last-failed') },
      { fileFilter: 'auth' },
      { option: option('--output', 'first') },
      { option: option('--output', 'second') },
      { option: option('--pass-with-no-tests') },
    ]);
    expect(read.reporters).toEqual(['dot', 'json']);
    expect(read.filters).toEqual(['--grep @auth', '--last-failed', 'file filter auth']);
    expect(read.fileFilters).toEqual(['auth']);
    expect(read.output).toBe('second');
    expect(read.passWithNoTests).toBe(true);
    expect(read.list).toBe(false);
    expect(read.report).toBe(false);
    expect(read.forPlaywright).toEqual([
      '--add-reporter=dot, json',
      '--grep=@auth',
      '--last-failed',
      'auth',
      '--pass-with-no-tests',
    ]);
  });

  test('ARGUMENTS: the whole reading is those steps in turn', () => {
    const args = ['-xj2', '--grep', '@auth', 'auth', '--report'];
    expect(readPlaywrightArguments(args)).toEqual(argumentsOf(readWords(args, true)));
    expect(readPlaywrightArguments(args).forPlaywright).toEqual([
      '-x',
      '--workers=2',
      '--grep=@auth',
      'auth',
    ]);
  });
});
