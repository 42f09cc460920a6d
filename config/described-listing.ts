/**
 * The paging a provider's own OpenAPI description declares for its listing (TARGET_OPENAPI_FILE, or
 * `fei-kit conformance --openapi <file>`): the query parameters of the GET of the events collection,
 * each read as a page number, a page size, an offset or a cursor by its name or, where the name says
 * nothing the kit knows, by its description ("page number", "items per page", …). The listing walk
 * uses them where the listing's answers say nothing of their paging. A file, YAML or JSON; a file that
 * cannot be read or is not an OpenAPI 3 document stops the run before any request (ConfigError).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { ConfigError } from './config-error.ts';

/** The paging parameters a description declares for the listing. */
export interface ListingParameters {
  readonly page?: string;
  readonly size?: string;
  readonly offset?: string;
  readonly cursor?: string;
  /** The first page's number: 0 when the page parameter's minimum is 0, else 1. */
  readonly firstPage: number;
}

export interface DescribedListing {
  readonly file: string;
  /** The collection's path as the description writes it. */
  readonly path: string;
  readonly parameters: ListingParameters;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Role = 'page' | 'size' | 'offset' | 'cursor';
const BY_NAME: readonly [Role, RegExp][] = [
  ['page', /^(page|page_?number|page_?index|current_?page|pg|p)$/i],
  ['size', /^(size|page_?size|per_?page|limit|page_?limit|count|take|max_?results)$/i],
  ['offset', /^(offset|skip|start|start_?index)$/i],
  ['cursor', /^(cursor|after|page_?token|continuation(_?token)?|next_?token)$/i],
];
const BY_DESCRIPTION: readonly [Role, RegExp][] = [
  ['size', /(page size|per page|items per|results per|events per|size of (a|the|each) page|how many)/i],
  ['page', /(page number|number of the page|page index|which page|the page to (return|show|fetch))/i],
  ['offset', /(offset|to skip|skipped)/i],
  ['cursor', /(cursor|page token|continuation|opaque)/i],
];

/** A parameter, its local `$ref` followed. */
const resolved = (document: Json, parameter: unknown): Json | undefined => {
  if (!isObject(parameter)) return undefined;
  const ref = parameter.$ref;
  if (typeof ref !== 'string') return parameter;
  let found: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) found = isObject(found) ? found[part] : undefined;
  return isObject(found) ? found : undefined;
};

const roleOf = (parameter: Json): Role | undefined => {
  const name = String(parameter.name ?? '');
  const text = typeof parameter.description === 'string' ? parameter.description : '';
  return (
    BY_NAME.find(([, pattern]) => pattern.test(name))?.[0] ??
    BY_DESCRIPTION.find(([, pattern]) => pattern.test(text))?.[0]
  );
};

/** The listing's paging parameters in an OpenAPI document, or undefined when it declares no listing. */
export const listingParametersOf = (
  document: unknown,
): { path: string; parameters: ListingParameters } | undefined => {
  if (!isObject(document) || !isObject(document.paths)) return undefined;
  for (const [path, item] of Object.entries(document.paths)) {
    if (!/\/financial-events\/?$/.test(path) || !isObject(item) || !isObject(item.get)) continue;
    const declared = [
      ...(Array.isArray(item.parameters) ? item.parameters : []),
      ...(Array.isArray(item.get.parameters) ? item.get.parameters : []),
    ]
      .map((parameter) => resolved(document, parameter))
      .filter(
        (parameter): parameter is Json => parameter?.in === 'query' && typeof parameter.name === 'string',
      );
    const found: Partial<Record<Role, Json>> = {};
    for (const parameter of declared) {
      const role = roleOf(parameter);
      if (role !== undefined && found[role] === undefined) found[role] = parameter;
    }
    const schemaOf = (parameter: Json | undefined) => (isObject(parameter?.schema) ? parameter.schema : {});
    return {
      path,
      parameters: {
        ...(found.page ? { page: String(found.page.name) } : {}),
        ...(found.size ? { size: String(found.size.name) } : {}),
        ...(found.offset ? { offset: String(found.offset.name) } : {}),
        ...(found.cursor ? { cursor: String(found.cursor.name) } : {}),
        firstPage: schemaOf(found.page).minimum === 0 ? 0 : 1,
      },
    };
  }
  return undefined;
};

/** The description TARGET_OPENAPI_FILE names, read once; undefined when the variable is not set. */
export const readDescribedListing = (env: NodeJS.ProcessEnv = process.env): DescribedListing | undefined => {
  const variable = CONTRACT_VARIABLES.providerDescription;
  const file = env[variable];
  if (file === undefined || file === '') return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${variable} names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  let document: unknown;
  try {
    document = parse(text);
  } catch {
    throw new ConfigError(`${variable}: ${file} is neither YAML nor JSON`);
  }
  if (!isObject(document) || typeof document.openapi !== 'string' || !/^3\.[01]\./.test(document.openapi))
    throw new ConfigError(
      `${variable}: ${file} is not an OpenAPI 3.0 or 3.1 document (no "openapi: 3.0.x" or "3.1.x")`,
    );
  const listing = listingParametersOf(document);
  return listing ? { file, ...listing } : { file, path: '', parameters: { firstPage: 1 } };
};

/** The run's line about the description: what it declares of the listing's paging. */
export const describedListingLine = ({ file, path, parameters }: DescribedListing): string => {
  const variable = CONTRACT_VARIABLES.providerDescription;
  if (path === '') return `${variable}: ${file} declares no listing of events`;
  const named = (['page', 'size', 'offset', 'cursor'] as const)
    .filter((role) => parameters[role] !== undefined)
    .map((role) => `${role} ${parameters[role]}`);
  return `${variable}: ${file} declares the listing GET ${path}, paged by ${named.length > 0 ? named.join(', ') : 'nothing the kit can read'}; the listing is walked so where its answers name no paging`;
};
