/**
 * The client rules rest on the spec's own words: every part of each statement (split at ". ") stands
 * in docs/interface-spec.md once Markdown (backticks, table bars) is set aside; ids are unique.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { CLIENT_RULES } from './client-rules.ts';

const plain = (text: string): string =>
  text
    .replace(/`/g, '')
    .replace(/\s*\|\s*/g, ' ')
    .replace(/\s+/g, ' ');

const SPEC = plain(readFileSync(new URL('../docs/interface-spec.md', import.meta.url), 'utf8'));

test('CLIENT rules: each statement is the spec’s own words, and each id is unique', () => {
  const missing = CLIENT_RULES.flatMap((rule) =>
    rule.statement
      .split(/(?<=\.) /)
      .map((part) => part.replace(/\.$/, ''))
      .filter((part) => !SPEC.includes(plain(part)))
      .map((part) => `${rule.id}: "${part}"`),
  );
  expect(missing).toEqual([]);
  expect(new Set(CLIENT_RULES.map((r) => r.id)).size).toBe(CLIENT_RULES.length);
});
