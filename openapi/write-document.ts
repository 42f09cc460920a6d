/**
 * Writes the document into the output folder, as YAML (what people read and most tools take) and as
 * JSON (what the rest take), both from the one object.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { kitVersion } from '../utilities/kit-version.ts';
import { outputRoot } from '../utilities/output-paths.ts';
import { type OpenApiCatalog, SPEC_CATALOG } from './catalog.ts';
import { buildOpenApiDocument } from './document.ts';

/** `<output>/openapi/`: where the document goes. */
export const openApiFolder = (root: string = outputRoot()): string => join(root, 'openapi');

export const DOCUMENT_FILES = Object.freeze({ yaml: 'openapi.yaml', json: 'openapi.json' });

export interface WrittenDocument {
  readonly yaml: string;
  readonly json: string;
  readonly operations: number;
}

/** Writes both files into the folder; answers their paths. */
export const writeOpenApiDocument = (
  folder: string = openApiFolder(),
  catalog: OpenApiCatalog = SPEC_CATALOG,
): WrittenDocument => {
  const document = buildOpenApiDocument(catalog, { kitVersion: kitVersion() });
  mkdirSync(folder, { recursive: true });
  const yaml = join(folder, DOCUMENT_FILES.yaml);
  const json = join(folder, DOCUMENT_FILES.json);
  // No anchors or aliases: tools that read YAML 1.1 or only JSON-shaped YAML must read it too.
  writeFileSync(yaml, stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }));
  writeFileSync(json, `${JSON.stringify(document, null, 2)}\n`);
  return { yaml, json, operations: catalog.endpoints.length };
};
