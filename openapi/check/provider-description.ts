/**
 * A provider's own OpenAPI description (3.0 or 3.1, YAML or JSON, a file or a URL), read and opened for
 * comparison: its operations, and its local `$ref`s followed. Something that cannot be fetched or is
 * not an OpenAPI document is "could not run" (DescriptionUnreadableError); a file that is not there is
 * a bad argument (ConfigError).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ConfigError } from '../../config/config-error.ts';

export class DescriptionUnreadableError extends Error {}

export type Json = Record<string, unknown>;

export interface ProviderOperation {
  readonly method: string;
  /** The path as the provider writes it, after its server's base path. */
  readonly path: string;
  readonly operation: Json;
  /** The path item's own parameters, which every operation under it shares. */
  readonly sharedParameters: readonly unknown[];
}

export interface ProviderDescription {
  readonly source: string;
  readonly version: string;
  readonly document: Json;
  readonly operations: readonly ProviderOperation[];
}

const FETCH_TIMEOUT_MS = 15_000;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const fetchText = async (url: string): Promise<string> => {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new DescriptionUnreadableError(`${url} could not be fetched (${reason})`);
  }
  if (!response.ok) throw new DescriptionUnreadableError(`${url} answered HTTP ${response.status}`);
  return response.text();
};

const readText = async (source: string): Promise<string> => {
  if (/^https?:\/\//i.test(source)) return fetchText(source);
  try {
    return readFileSync(source, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `--check names ${source}, which cannot be read (${(error as NodeJS.ErrnoException).code})`,
    );
  }
};

/** The base path of the first server (`/api` of `https://host/api`), which the description's paths follow. */
const basePathOf = (document: Json): string => {
  const [server] = Array.isArray(document.servers) ? document.servers : [];
  const url = isObject(server) && typeof server.url === 'string' ? server.url : '';
  const path = url.replace(/^[a-z]+:\/\/[^/]*/i, '').replace(/\{[^}]*\}/g, '');
  return path.replace(/\/+$/, '');
};

export const readProviderDescription = async (source: string): Promise<ProviderDescription> => {
  const text = await readText(source);
  let document: unknown;
  try {
    document = parse(text);
  } catch {
    throw new DescriptionUnreadableError(`${source} is neither YAML nor JSON`);
  }
  const version = isObject(document) ? document.openapi : undefined;
  if (!isObject(document) || typeof version !== 'string' || !/^3\.[01]\./.test(version)) {
    throw new DescriptionUnreadableError(
      `${source} is not an OpenAPI 3.0 or 3.1 document (no "openapi: 3.0.x" or "3.1.x")`,
    );
  }
  if (!isObject(document.paths)) throw new DescriptionUnreadableError(`${source} has no paths`);
  const base = basePathOf(document);
  const operations: ProviderOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const pathItem = isObject(item) ? item : {};
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      operations.push({
        method: method.toUpperCase(),
        path: `${base}${path}`,
        operation,
        sharedParameters: Array.isArray(pathItem.parameters) ? pathItem.parameters : [],
      });
    }
  }
  return { source, version, document, operations };
};

/** A value with its local `$ref` followed (`#/components/...`), as often as it takes; others as they are. */
export const resolved = (document: Json, value: unknown, seen: ReadonlySet<string> = new Set()): unknown => {
  if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  if (seen.has(value.$ref)) return {};
  let target: unknown = document;
  for (const key of value.$ref.slice(2).split('/')) {
    const name = key.replaceAll('~1', '/').replaceAll('~0', '~');
    target = isObject(target) ? target[name] : undefined;
  }
  return resolved(document, target, new Set([...seen, value.$ref]));
};

export { isObject };
