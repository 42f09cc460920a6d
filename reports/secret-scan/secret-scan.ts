/**
 * Searches files for secrets (the run's access tokens) in every form a file may hold them: as text,
 * URL-encoded, base64-encoded at any alignment (JSON reports and single-file HTML reports embed
 * base64), and inside zip archives (Playwright traces) and gzip files. Reports where a secret was
 * found, never the secret itself.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import { secretForms, secretFragments } from '../../utilities/secret-forms.ts';

export interface SecretHit {
  /** The file, and the archive member inside it when there is one (`trace.zip!0-trace.trace`). */
  readonly file: string;
  /** Which secret (its index in the list given) and in which form it was found. */
  readonly secret: number;
  readonly form: string;
}

/**
 * The byte strings a secret can appear as: each whole form, and each fragment of them (a part of a
 * token that survived a partial redaction is a leak too). Each is long enough never to match by chance.
 */
export const secretNeedles = (secret: string): { form: string; needle: Buffer }[] =>
  [...secretForms(secret), ...secretFragments(secret)].map(({ form, text }) => ({
    form,
    needle: Buffer.from(text),
  }));

/** The members of a zip archive (stored or deflated), from its central directory. */
export const zipMembers = (zip: Buffer): { name: string; data: Buffer }[] => {
  const members: { name: string; data: Buffer }[] = [];
  let end = -1;
  for (let index = zip.length - 22; index >= Math.max(0, zip.length - 65_557); index -= 1) {
    if (zip.readUInt32LE(index) === 0x06054b50) {
      end = index;
      break;
    }
  }
  if (end === -1) throw new Error('not a zip archive (no end of central directory)');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  for (let entry = 0; entry < count; entry += 1) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    const localNameLength = zip.readUInt16LE(localOffset + 26);
    const localExtraLength = zip.readUInt16LE(localOffset + 28);
    const dataStart = localOffset + 30 + localNameLength + localExtraLength;
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) members.push({ name, data: raw });
    else if (method === 8) members.push({ name, data: inflateRawSync(raw) });
    else throw new Error(`zip member ${name} uses compression method ${method}`);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return members;
};

const needleCache = new Map<string, { form: string; needle: Buffer }[]>();
const needlesOf = (secret: string): { form: string; needle: Buffer }[] => {
  const cached = needleCache.get(secret) ?? secretNeedles(secret);
  needleCache.set(secret, cached);
  return cached;
};

const MAX_DEPTH = 4;
/** A run of base64 long enough to be an embedded file rather than a word. */
const BASE64_RUN = /[A-Za-z0-9+/]{64,}={0,2}/g;
const HAS_BASE64_RUN = /[A-Za-z0-9+/]{64,}/;

const isZip = (data: Buffer): boolean => data.length > 4 && data.readUInt32LE(0) === 0x04034b50;
const isGzip = (data: Buffer): boolean => data.length > 2 && data[0] === 0x1f && data[1] === 0x8b;

/** The hits in one buffer, looking inside archives. */
export const scanBuffer = (
  data: Buffer,
  name: string,
  secrets: readonly string[],
  depth = 0,
): SecretHit[] => {
  const hits: SecretHit[] = [];
  for (const [index, secret] of secrets.entries()) {
    // One hit a secret and file: the first form found (whole forms come before fragments).
    const found = needlesOf(secret).find(({ needle }) => data.includes(needle));
    if (found) hits.push({ file: name, secret: index, form: found.form });
  }
  if (depth >= MAX_DEPTH) return hits;
  if (isZip(data)) {
    for (const member of zipMembers(data))
      for (const hit of scanBuffer(member.data, `${name}!${member.name}`, secrets, depth + 1)) hits.push(hit);
  } else if (isGzip(data)) {
    for (const hit of scanBuffer(gunzipSync(data), `${name}!gunzip`, secrets, depth + 1)) hits.push(hit);
  } else {
    // Embedded files (a single-file report's attachments, a JSON report's bodies) are base64 runs:
    // decoded, they may be archives (a trace) whose content the needles above cannot see.
    for (const match of data.toString('latin1').matchAll(BASE64_RUN)) {
      const decoded = Buffer.from(match[0], 'base64');
      if (isZip(decoded) || isGzip(decoded) || HAS_BASE64_RUN.test(decoded.toString('latin1'))) {
        for (const item of [...scanBuffer(decoded, `${name}!base64@${match.index}`, secrets, depth + 1)])
          hits.push(item);
      }
    }
  }
  return hits;
};

/** Every file under the given paths (files or folders), recursively. */
export const filesUnder = (paths: readonly string[]): string[] => {
  const files: string[] = [];
  const visit = (path: string): void => {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(path);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
    } else if (stats.isFile()) files.push(path);
  };
  for (const path of paths) visit(path);
  return files;
};

export interface ScanResult {
  readonly files: readonly string[];
  readonly hits: readonly SecretHit[];
}

export const scanFiles = (paths: readonly string[], secrets: readonly string[]): ScanResult => {
  if (secrets.length === 0 || secrets.some((s) => s.length < 8)) {
    throw new Error('give at least one secret, each of at least 8 characters');
  }
  const files = filesUnder(paths);
  const hits = files.flatMap((file) => scanBuffer(readFileSync(file), file, secrets));
  return { files, hits };
};
