/** The pure parts of a last-byte burst: the split of a body, and the timing figures of one burst. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { burstTiming, describeBurstTiming, splitForRelease } from './burst-timing.ts';

test('BURST: a body is split into everything but its last byte, and that byte', () => {
  const body = new TextEncoder().encode('{"a":1}');
  const { held, last } = splitForRelease(body);
  expect(new TextDecoder().decode(held)).toBe('{"a":1');
  expect(new TextDecoder().decode(last)).toBe('}');
  expect(() => splitForRelease(new Uint8Array())).toThrow('at least one byte');
});

test('BURST: the release spread runs from before the first final byte to after the last', () => {
  const ms = (n: number) => BigInt(Math.round(n * 1e6));
  const timing = burstTiming({
    releaseStart: ms(100),
    released: [ms(100.01), ms(100.05), ms(100.3)],
    answered: [ms(103), undefined, ms(102.5)],
  });
  expect(timing).toEqual({ requests: 3, releaseSpreadMs: 0.3, firstAnswerMs: 2.5, lastAnswerMs: 3 });
  expect(describeBurstTiming(timing)).toBe('3 requests released within 0.300 ms; answers 2.5–3.0 ms after');
  const unanswered = burstTiming({ releaseStart: ms(1), released: [ms(1.2)], answered: [undefined] });
  expect(describeBurstTiming(unanswered)).toBe('1 requests released within 0.200 ms; no answers');
});
