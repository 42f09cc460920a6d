/**
 * The forms a secret takes in what a deployment echoes or a report embeds: as text, URL-encoded (in
 * either letter case), JSON-escaped, and base64 or base64url at each of the three alignments a byte
 * string can start at. Redaction removes them all (redaction.ts) and the output scan looks for them all
 * (reports/secret-scan/secret-scan.ts), fragments included: a part of a token is as much a leak as the token.
 */
import { tokenPrefixOf } from '../spec/index.ts';

export interface SecretForm {
  readonly form: string;
  readonly text: string;
}

const MIN_BASE64_CORE = 12;

/** In base64 a byte string's characters depend on where it starts modulo 3: the ones only it decides. */
const base64Cores = (bytes: Buffer): { offset: number; core: string }[] =>
  [0, 1, 2].flatMap((offset) => {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    const base64 = padded.toString('base64');
    const start = offset === 0 ? 0 : offset === 1 ? 2 : 3;
    const end = Math.floor(padded.length / 3) * 4;
    const core = base64.slice(start, end);
    return core.length >= MIN_BASE64_CORE ? [{ offset, core }] : [];
  });

/** Each letter case a check may send a token in (AUTH-TOKEN-INVALID sends it swapped): a deployment echoes it as sent. */
const SPELLINGS = [
  { name: '', spell: (text: string) => text },
  { name: ' (upper case)', spell: (text: string) => text.toUpperCase() },
  { name: ' (lower case)', spell: (text: string) => text.toLowerCase() },
  {
    name: ' (case swapped)',
    spell: (text: string) =>
      [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(''),
  },
];

/**
 * Every form of the secret as given and in each other letter case: a token in another case is the
 * token to whoever reads it (a case-insensitive comparison, a hex token upper-cased).
 */
export const secretForms = (secret: string): SecretForm[] => {
  const seen = new Set<string>();
  return SPELLINGS.flatMap(({ name, spell }) => {
    const spelt = spell(secret);
    if (seen.has(spelt)) return [];
    seen.add(spelt);
    return formsOf(spelt).map((f) => ({ form: `${f.form}${name}`, text: f.text }));
  });
};

const formsOf = (secret: string): SecretForm[] => {
  const forms: SecretForm[] = [{ form: 'text', text: secret }];
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) {
    forms.push({ form: 'url-encoded', text: encoded });
    const lower = encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
    if (lower !== encoded) forms.push({ form: 'url-encoded', text: lower });
  }
  // JSON escapes quotes and backslashes; some writers also escape "/" as "\/".
  const json = JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/');
  if (json !== secret) forms.push({ form: 'json-escaped', text: json });
  for (const { offset, core } of base64Cores(Buffer.from(secret, 'utf8'))) {
    forms.push({ form: `base64@${offset}`, text: core });
    const url = core.replace(/\+/g, '-').replace(/\//g, '_');
    if (url !== core) forms.push({ form: `base64url@${offset}`, text: url });
  }
  return forms;
};

/** The length of a fragment that names a secret: long enough never to match by chance. */
export const FRAGMENT_LENGTH = 12;

/**
 * Every fragment of FRAGMENT_LENGTH characters of every form, the token's prefix (`svc_test_`, or a
 * deployment's own `th_test_`: spec/token-prefix.ts) left out, since the prefix alone is no secret.
 */
export const secretFragments = (secret: string): SecretForm[] => {
  const prefix = tokenPrefixOf(secret) ?? '';
  const prefixBytes = Buffer.byteLength(prefix, 'utf8');
  const fragments: SecretForm[] = [];
  const seen = new Set<string>();
  for (const { form, text } of secretForms(secret)) {
    // In base64 the first characters encode the prefix alone (and `svc_test_<redacted>` shares them).
    const offset = Number(/@(\d)/.exec(form)?.[1] ?? 0);
    const coreStart = offset === 0 ? 0 : offset === 1 ? 2 : 3;
    const body = form.startsWith('base64')
      ? text.slice(Math.max(0, Math.floor(((offset + prefixBytes) * 8) / 6) - coreStart))
      : text.slice(prefix.length);
    for (let start = 0; start + FRAGMENT_LENGTH <= body.length; start += 1) {
      const fragment = body.slice(start, start + FRAGMENT_LENGTH);
      if (seen.has(fragment)) continue;
      seen.add(fragment);
      fragments.push({ form: `${form} fragment`, text: fragment });
    }
  }
  return fragments;
};
