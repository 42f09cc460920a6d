/**
 * Which rules, and so which error codes of 7.3, bear on which operation: by the area of each rule in
 * the catalog. A code that no rule names can occur anywhere as far as the catalog knows, so it is
 * listed on every operation rather than left out.
 */
import type { Area } from '../spec/index.ts';
import type { OpenApiCatalog, OperationId } from './catalog.ts';

const AREAS_OF: Readonly<Record<OperationId, readonly Area[]>> = Object.freeze({
  create: ['auth', 'validation', 'creation', 'dedup', 'errors', 'ratelimit'],
  retrieve: ['auth', 'retrieval', 'isolation', 'errors', 'ratelimit'],
  update: ['auth', 'validation', 'update', 'isolation', 'errors', 'ratelimit'],
});

/** The stated rules (not gaps) that bear on an operation, in the catalog's order. */
export const rulesOfOperation = (catalog: OpenApiCatalog, operation: OperationId) =>
  catalog.rules.filter(
    (rule) => rule.kind === 'rule' && (AREAS_OF[operation] as readonly string[]).includes(rule.area),
  );

/** The error codes an operation can answer, in the order of 7.3. */
export const errorCodesOfOperation = (catalog: OpenApiCatalog, operation: OperationId): string[] => {
  const codesOf = (rules: readonly { errorCode?: string }[]) =>
    new Set<string>(rules.flatMap((rule) => (rule.errorCode ? [rule.errorCode] : [])));
  const named = codesOf(catalog.rules);
  const ofOperation = codesOf(rulesOfOperation(catalog, operation));
  return Object.keys(catalog.errorCodes).filter((code) => ofOperation.has(code) || !named.has(code));
};

/** The rules that name a code, in the catalog's order: whose verdict a code documented otherwise bears on. */
export const rulesOfCode = (catalog: OpenApiCatalog, code: string) =>
  catalog.rules.filter((rule) => rule.kind === 'rule' && rule.errorCode === code);
