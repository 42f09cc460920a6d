/**
 * The folder of HAR files the gate reads: one tenant per file, or per X-Client-Id within a file. A file
 * it cannot use is a problem naming the file and why; the others are read all the same. A token found
 * in clear (a gateway's export that was not redacted) is registered as a secret at once, so that no
 * output shows it, and said as a warning.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { TOKEN_PREFIXES, tokenPrefixOf } from '../spec/index.ts';
import { escapeRegExp } from '../utilities/escape-pattern.ts';
import { registerSecrets } from '../utilities/redaction.ts';
import { readHarFile } from './har-reader.ts';
import type { TenantTraffic, TrafficExchange } from './traffic.ts';

export interface UnusableFile {
  readonly file: string;
  readonly problem: string;
}

export interface TrafficFolder {
  readonly tenants: readonly TenantTraffic[];
  readonly unusable: readonly UnusableFile[];
  /** Files that held an access token in clear: each a warning line, the token never shown. */
  readonly holdingTokens: readonly string[];
}

export class TrafficFolderError extends Error {}

/** The HAR files of a folder (or the one file named), sorted by name. */
const harFilesOf = (path: string): string[] => {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    throw new TrafficFolderError(`--traffic ${path}: no such folder`);
  }
  if (stat.isFile()) return [path];
  const files = readdirSync(path)
    .filter((name) => name.toLowerCase().endsWith('.har'))
    .sort()
    .map((name) => join(path, name));
  if (files.length === 0) throw new TrafficFolderError(`--traffic ${path}: no .har file in the folder`);
  return files;
};

const SECRET_HEADERS = ['x-access-token', 'authorization'];

/** Tokens in clear: a secret header not redacted, and anything of a token's shape in a URL or a body. */
const tokensIn = (exchanges: readonly TrafficExchange[]): string[] => {
  const found = new Set<string>();
  for (const exchange of exchanges) {
    for (const name of SECRET_HEADERS) {
      const value = exchange.requestHeaders[name]?.replace(/^Bearer\s+/i, '');
      if (value && !value.includes('<redacted>') && value.length >= 8) found.add(value);
    }
  }
  const prefixes = new Set<string>(Object.values(TOKEN_PREFIXES));
  for (const token of found) {
    const prefix = tokenPrefixOf(token);
    if (prefix) prefixes.add(prefix);
  }
  const shape = new RegExp(`(?:${[...prefixes].map(escapeRegExp).join('|')})[A-Za-z0-9._~+/=-]{4,}`, 'g');
  for (const exchange of exchanges) {
    const text = `${exchange.url}\n${exchange.requestBody}\n${exchange.responseBody}`;
    for (const match of text.matchAll(shape)) if (!match[0].includes('<redacted')) found.add(match[0]);
  }
  return [...found];
};

/** Splits a file's exchanges by X-Client-Id; a request without one stays with the tenant before it. */
const tenantsOf = (file: string, exchanges: readonly TrafficExchange[]): TenantTraffic[] => {
  const byClient = new Map<string | undefined, TrafficExchange[]>();
  let current = exchanges.find((e) => e.requestHeaders['x-client-id'])?.requestHeaders['x-client-id'];
  for (const exchange of exchanges) {
    current = exchange.requestHeaders['x-client-id'] ?? current;
    const list = byClient.get(current) ?? [];
    list.push({ ...exchange, seq: list.length + 1 });
    byClient.set(current, list);
  }
  const name = basename(file);
  return [...byClient].map(([clientId, list]) => ({
    name: byClient.size > 1 ? `${name}#${clientId}` : name,
    file,
    clientId,
    exchanges: list,
  }));
};

export const readTrafficFolder = (path: string): TrafficFolder => {
  const tenants: TenantTraffic[] = [];
  const unusable: UnusableFile[] = [];
  const holdingTokens: string[] = [];
  for (const file of harFilesOf(path)) {
    const reading = readHarFile(file);
    if (!reading.ok) {
      unusable.push({ file: basename(file), problem: reading.problem });
      continue;
    }
    const tokens = tokensIn(reading.exchanges);
    if (tokens.length > 0) {
      registerSecrets(...tokens);
      holdingTokens.push(basename(file));
    }
    for (const tenant of tenantsOf(file, reading.exchanges)) tenants.push(tenant);
  }
  return { tenants, unusable, holdingTokens };
};
