/** Kit tests of the certificate's "Unavailable" section and its console line. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { unavailableHtml, unavailableLines, unavailableMarkdown } from './unavailable-section.ts';

const window = {
  since: '2026-01-01T12:00:01.000Z',
  until: '2026-01-01T12:00:03.100Z',
  seconds: 2.1,
  what: ['HTTP 503 with Retry-After: 2'],
};

test('UNAVAILABLE: a window is said in Markdown, HTML and one console line: when, how long, what came back', () => {
  const markdown = unavailableMarkdown([window]).join('\n');
  expect(markdown).toContain('## Unavailable');
  expect(markdown).toContain('- from 2026-01-01T12:00:01.000Z for 2.1 s (HTTP 503 with Retry-After: 2)');
  expect(unavailableHtml([window])).toContain(
    '<li>from 2026-01-01T12:00:01.000Z for 2.1 s (HTTP 503 with Retry-After: 2)</li>',
  );
  expect(unavailableLines([window])).toEqual([
    expect.stringMatching(
      /^UNAVAILABLE: the deployment was unavailable from 2026-01-01T12:00:01.000Z for 2.1 s \(HTTP 503 with Retry-After: 2\): no rule was judged/,
    ),
  ]);
});

test('UNAVAILABLE: no window, no section (and a certificate of an older kit, without the field, renders as before)', () => {
  expect(unavailableMarkdown([])).toEqual([]);
  expect(unavailableMarkdown(undefined)).toEqual([]);
  expect(unavailableHtml(undefined)).toBe('');
  expect(unavailableLines(undefined)).toEqual([]);
});

test('UNAVAILABLE: the checks run again whole are listed under the windows with the window each met, and counted in the line', () => {
  const runAgain = [
    {
      check: 'POST field validation › VAL-AMOUNT-POSITIVE: POST with amount zero gives 400 ERR-3005',
      why: "run again whole once the deployment was back: a POST of its first attempt met the deployment's unavailability from 2026-01-01T12:00:01.000Z for 2.1 s (HTTP 503 with Retry-After: 2)",
    },
  ];
  const markdown = unavailableMarkdown([window], runAgain).join('\n');
  expect(markdown).toContain('Checks run again whole, and judged by their second run:');
  expect(markdown).toContain(
    '- POST field validation › VAL-AMOUNT-POSITIVE: POST with amount zero gives 400 ERR-3005: run again whole once the deployment was back: a POST of its first attempt',
  );
  expect(unavailableHtml([window], runAgain)).toContain('<li>POST field validation › VAL-AMOUNT-POSITIVE');
  expect(unavailableLines([window], runAgain)[0]).toMatch(
    /; 1 check that starts afresh was run again whole once it was back \(see the certificate\)$/,
  );
  expect(unavailableLines([window])[0]).not.toMatch(/run again/);
});
