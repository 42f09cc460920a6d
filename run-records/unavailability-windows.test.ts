/** Kit tests of the record of unavailability windows: what the workers wrote, merged as the certificate says it. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import {
  describeWindow,
  mergeWindows,
  readWindows,
  recordWindow,
  windowCovering,
} from './unavailability-windows.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds)).toISOString();
const ms = (seconds: number) => Date.parse(at(seconds));

test('UNAVAILABILITY: a window written open then closed reads once, closed; overlapping windows merge', () => {
  const file = join(
    mkdtempSync(join(tmpdir(), 'kit-unavailability-')),
    'conformance',
    'unavailability.jsonl',
  );
  expect(readWindows(file)).toEqual([]);
  recordWindow(file, { since: at(1), what: 'HTTP 503 with Retry-After: 2' });
  expect(windowCovering(readWindows(file), ms(30), ms(31)), 'an open window lasts until now').toBeDefined();
  recordWindow(file, { since: at(1), what: 'HTTP 503 with Retry-After: 2', until: at(3) });
  recordWindow(file, { since: at(2), what: 'connection refused', until: at(4) });
  // Left open by a request whose check ended first, inside the closed ones.
  recordWindow(file, { since: at(2), what: 'HTTP 503 with Retry-After: 2' });
  recordWindow(file, { since: at(40), what: 'HTTP 502', until: at(41) });
  const windows = readWindows(file);
  expect(windows).toHaveLength(4);
  expect(windowCovering(windows, ms(3.5), ms(3.6))?.what).toContain('connection refused');
  // The window left open inside the closed ones does not last for ever.
  expect(windowCovering(windows, ms(10), ms(20))).toBeUndefined();
  expect(windowCovering(windows, ms(10), ms(20))).toBeUndefined();
  const merged = mergeWindows(windows);
  expect(merged).toEqual([
    { since: at(1), until: at(4), seconds: 3, what: ['HTTP 503 with Retry-After: 2', 'connection refused'] },
    { since: at(40), until: at(41), seconds: 1, what: ['HTTP 502'] },
  ]);
  expect(describeWindow(merged[0] as (typeof merged)[0])).toBe(
    `from ${at(1)} for 3 s (HTTP 503 with Retry-After: 2; connection refused)`,
  );
});

test('UNAVAILABILITY: a window that never closed is said to last until the run ended', () => {
  const merged = mergeWindows([{ since: at(5), what: 'connection refused' }]);
  expect(merged[0]?.until).toBeUndefined();
  expect(describeWindow(merged[0] as (typeof merged)[0])).toBe(
    `from ${at(5)} until the run ended (connection refused)`,
  );
});
