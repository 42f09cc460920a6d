/** Kit tests of the certificate's "Unavailable" section and its console line. */
import { expect, test } from '@playwright/test';
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
