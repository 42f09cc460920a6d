import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { didYouMean, editDistance, nearestName } from './nearest-name.ts';

test('NEAREST-NAME: the edit distance counts a slip of typing as one: a letter missed, added, changed or swapped', () => {
  expect(editDistance('segments', 'segments')).toBe(0);
  expect(editDistance('segmnts', 'segments')).toBe(1);
  expect(editDistance('conformanse', 'conformance')).toBe(1);
  expect(editDistance('confromance', 'conformance')).toBe(1);
  expect(editDistance('', 'abc')).toBe(3);
  expect(editDistance('kitten', 'sitting')).toBe(3);
});

test('NEAREST-NAME: the nearest name is offered only when it is close enough to be a slip', () => {
  const commands = ['conformance', 'certify-client', 'reference', 'report', 'certificate'];
  expect(nearestName('conformanse', commands)).toBe('conformance');
  expect(nearestName('reprot', commands)).toBe('report');
  expect(nearestName('deploy', commands)).toBeUndefined();
  expect(didYouMean('--segmnts', ['--segments', '--output'])).toBe(' (did you mean --segments?)');
  expect(didYouMean('--vus', ['--segments', '--output'])).toBe('');
});
