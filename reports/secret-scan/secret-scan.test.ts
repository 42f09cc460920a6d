/**
 * The token search finds a token in every form an output may hold it (text, URL-encoded, JSON-escaped,
 * base64 at any alignment, inside zip archives such as Playwright traces and gzip files), and finds
 * nothing in redacted text: the check of the end-to-end test can fail.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { redact, registerSecrets } from '../../utilities/redaction.ts';
import { secretForms } from '../../utilities/secret-forms.ts';
import { scanBuffer, scanFiles, zipMembers } from './secret-scan.ts';

const TOKEN = 'svc_test_ScanMe0123456789abcdefXYZ+/=';

/** A zip archive with one stored and one deflated member, as Playwright writes traces. */
const zipOf = (members: { name: string; data: Buffer; deflate: boolean }[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const data = member.deflate ? deflateRawSync(member.data) : member.data;
    const name = Buffer.from(member.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(member.deflate ? 8 : 0, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(member.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(member.deflate ? 8 : 0, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(member.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

test('SECRET-SCAN: a token is found as text, URL-encoded, JSON-escaped and base64 at every alignment', () => {
  const forms = (data: string) => scanBuffer(Buffer.from(data), 'f', [TOKEN]).map((h) => h.form);
  expect(forms(`header ${TOKEN} end`)).toContain('text');
  expect(forms(`?token=${encodeURIComponent(TOKEN)}`)).toContain('url-encoded');
  expect(forms(JSON.stringify({ t: `a/${TOKEN}` }).replace(/\//g, '\\/'))).toContain('json-escaped');
  for (const prefix of ['', 'x', 'xy', 'xyz']) {
    const base64 = Buffer.from(`${prefix}X-Access-Token: ${TOKEN}\n`).toString('base64');
    expect(
      forms(`{"body":"${base64}"}`).some((f) => f.startsWith('base64@')),
      prefix,
    ).toBe(true);
    const url = base64.replace(/\+/g, '-').replace(/\//g, '_');
    expect(
      forms(url).some((f) => f.startsWith('base64')),
      `url ${prefix}`,
    ).toBe(true);
  }
  expect(secretForms(TOKEN).length).toBeGreaterThanOrEqual(5);
});

test('SECRET-SCAN: a part of a token is found too: a URL-encoded tail, a truncated echo, a slice of its base64', () => {
  const forms = (data: string) => scanBuffer(Buffer.from(data), 'f', [TOKEN]).map((h) => h.form);
  const tail = encodeURIComponent(TOKEN).slice('svc_test_'.length + 3);
  const [tailForm] = forms(`X-Access-Token: svc_test_<redacted>${tail}`);
  expect(tailForm).toMatch(/fragment$/);
  expect(forms(`invalid token ${TOKEN.slice(0, 24)}…`)).toEqual(['text fragment']);
  const base64 = Buffer.from(`Token: ${TOKEN}`).toString('base64');
  expect(forms(base64.slice(24, 44))).toHaveLength(1);
});

test('SECRET-SCAN: what redaction leaves of a token in any form, whole or in part, holds nothing of it', () => {
  registerSecrets(TOKEN);
  const echoes = [
    ...secretForms(TOKEN).map((f) => `echo ${f.text} end`),
    `svc_test_<redacted>${encodeURIComponent(TOKEN).slice(12)}`,
    `invalid token ${TOKEN.slice(0, 24)}`,
    ...[0, 1, 2].map((n) => Buffer.from(`${'x'.repeat(n)}X-Access-Token: ${TOKEN}\n`).toString('base64')),
    ...[0, 1, 2].map((n) =>
      Buffer.from(`${'x'.repeat(n)}${TOKEN}`)
        .toString('base64')
        .replace(/\+/g, '-')
        .replace(/\//g, '_'),
    ),
  ];
  for (const echo of echoes) {
    const redacted = redact(echo);
    expect(scanBuffer(Buffer.from(redacted), 'f', [TOKEN]), `${echo} → ${redacted}`).toEqual([]);
  }
});

test('SECRET-SCAN: nothing is found in redacted text, nor in its base64', () => {
  const redacted = 'X-Access-Token: svc_test_<redacted>';
  expect(scanBuffer(Buffer.from(redacted), 'f', [TOKEN])).toEqual([]);
  expect(scanBuffer(Buffer.from(Buffer.from(redacted).toString('base64')), 'f', [TOKEN])).toEqual([]);
});

test('SECRET-SCAN: a token inside a trace zip, a base64-embedded zip or a gzip file is found and named', () => {
  const zip = zipOf([
    {
      name: 'trace.trace',
      data: Buffer.from(`{"type":"before","params":{"token":"${TOKEN}"}}`),
      deflate: true,
    },
    { name: 'resources/readme.txt', data: Buffer.from('nothing here'), deflate: false },
  ]);
  expect(zipMembers(zip).map((m) => m.name)).toEqual(['trace.trace', 'resources/readme.txt']);
  expect(zip.includes(Buffer.from(TOKEN))).toBe(false);
  expect(scanBuffer(zip, 'trace.zip', [TOKEN]).map((h) => h.file)).toEqual(['trace.zip!trace.trace']);
  // A single-file report embeds the trace as base64: decoded, then unzipped, it is still found.
  const page = Buffer.from(`<script>const data = ["${zip.toString('base64')}"];</script>`);
  expect(scanBuffer(page, 'index.html', [TOKEN]).map((h) => h.file)).toEqual([
    'index.html!base64@23!trace.trace',
  ]);
  const gz = gzipSync(Buffer.from(`log ${TOKEN}`));
  expect(scanBuffer(gz, 'log.gz', [TOKEN]).map((h) => h.file)).toEqual(['log.gz!gunzip']);
});

test('SECRET-SCAN: a folder is searched through, every file listed, every hit named', () => {
  const root = mkdtempSync(join(tmpdir(), 'kit-scan-'));
  mkdirSync(join(root, 'a', 'b'), { recursive: true });
  writeFileSync(join(root, 'clean.txt'), 'svc_test_<redacted>');
  writeFileSync(join(root, 'a', 'b', 'leak.json'), JSON.stringify({ token: TOKEN }));
  const { files, hits } = scanFiles([root, join(root, 'missing')], [TOKEN, 'svc_test_other0123456789']);
  expect(files).toHaveLength(2);
  expect(hits).toEqual([{ file: join(root, 'a', 'b', 'leak.json'), secret: 0, form: 'text' }]);
  expect(() => scanFiles([root], ['short'])).toThrow(/at least 8 characters/);
});

test('SECRET-SCAN: the token in another letter case (as AUTH-TOKEN-INVALID sends it, as a deployment echoes it) is found, and redaction leaves nothing of it', () => {
  registerSecrets(TOKEN);
  const swapped = [...TOKEN].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  const echoes = [
    `x-debug-token: ${swapped}`,
    `token ${TOKEN.toUpperCase()} quoted`,
    Buffer.from(`X-Access-Token: ${swapped}\n`).toString('base64'),
    Buffer.from(`X-Access-Token: ${swapped}\n`).toString('base64').slice(20, 60),
  ];
  for (const echo of echoes) {
    expect(scanBuffer(Buffer.from(echo), 'f', [TOKEN]).length, echo).toBeGreaterThan(0);
    const redacted = redact(echo);
    expect(scanBuffer(Buffer.from(redacted), 'f', [TOKEN]), `${echo} → ${redacted}`).toEqual([]);
    expect(scanBuffer(Buffer.from(Buffer.from(redacted).toString('base64')), 'f', [TOKEN])).toEqual([]);
  }
});
