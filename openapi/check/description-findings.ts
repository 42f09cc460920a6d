/**
 * Where a provider's whole description differs from the spec: each of the spec's operations (missing,
 * or as operation-findings.ts compares it), the operations the spec does not show (observed, as a run
 * observes them), and the token prefixes it names.
 */
import type { OpenApiCatalog } from '../catalog.ts';
import { type DescriptionFinding, differs, observed } from './findings.ts';
import { operationFindings } from './operation-findings.ts';
import type { ProviderDescription } from './provider-description.ts';

const MISSING_OPERATION_RULES: Readonly<Record<string, string>> = Object.freeze({
  create: 'CREATE-RETURNS-UUID',
  retrieve: 'RETRIEVE-RETURNS-EVENT',
  update: 'UPDATE-APPLIES',
});

/** A path with its parameters' names left out: `/events/{id}` and `/events/{uuid}` are one path. */
const pathShape = (path: string): string => path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');

/** A token prefix as spec/token-prefix.ts shapes them, with an environment word. */
const PREFIX_IN_TEXT = /(?<![A-Za-z0-9_])[a-z]{1,6}_(?:live|test)_/g;

const prefixFindings = (catalog: OpenApiCatalog, description: ProviderDescription): DescriptionFinding[] => {
  const named = [...new Set(JSON.stringify(description.document).match(PREFIX_IN_TEXT) ?? [])].sort();
  const spec = Object.values(catalog.tokenPrefixes);
  const other = named.filter((prefix) => !spec.includes(prefix));
  if (other.length === 0) return [];
  const specText = `${catalog.tokenPrefixes.production} (Production), ${catalog.tokenPrefixes.sandbox} (Sandbox)`;
  return [
    differs(
      'AUTH-TOKEN-PREFIX',
      'the document',
      `names the token prefixes ${other.join(', ')} where the spec has ${specText}`,
    ),
  ];
};

export const descriptionFindings = (
  catalog: OpenApiCatalog,
  description: ProviderDescription,
): DescriptionFinding[] => {
  const findings: DescriptionFinding[] = [];
  const matched = new Set<object>();
  for (const endpoint of catalog.endpoints) {
    const provider = description.operations.find(
      (operation) =>
        operation.method === endpoint.method && pathShape(operation.path) === pathShape(endpoint.path),
    );
    if (!provider) {
      const rule = MISSING_OPERATION_RULES[endpoint.id] ?? 'GAP-OTHER-OPERATIONS';
      findings.push(
        differs(rule, `${endpoint.method} ${endpoint.path}`, 'the description has no such operation'),
      );
      continue;
    }
    matched.add(provider);
    for (const finding of operationFindings(catalog, endpoint, provider, description.document))
      findings.push(finding);
  }
  for (const operation of description.operations.filter((o) => !matched.has(o)))
    findings.push(
      observed(
        'GAP-OTHER-OPERATIONS',
        `${operation.method} ${operation.path}`,
        'an operation the spec does not show',
      ),
    );
  return [...prefixFindings(catalog, description), ...findings];
};
