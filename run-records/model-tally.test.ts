/** The model-based property's tally: written as an annotation, read back and summed. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { modelTallyAnnotation, modelTallyOf } from './model-tally.ts';

test('a tally annotation reads back as written; other annotations and none read as no tally', () => {
  const written = modelTallyAnnotation({ sequences: 12, steps: 87 });
  expect(modelTallyOf([written])).toEqual({ sequences: 12, steps: 87 });
  expect(modelTallyOf([written, { type: 'property', description: '12 of 12 runs' }, written])).toEqual({
    sequences: 24,
    steps: 174,
  });
  expect(modelTallyOf([{ type: 'model-tally', description: 'a few' }])).toBeUndefined();
  expect(modelTallyOf([])).toBeUndefined();
});
