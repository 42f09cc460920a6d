/**
 * Validation of a manifest against a CustomResourceDefinition's openAPIV3Schema as the API server
 * does it: the JSON schema (ajv), and the structural pruning Kubernetes applies, which silently drops
 * any field the schema does not know unless `x-kubernetes-preserve-unknown-fields` says to keep it, so
 * a misspelt field would do nothing at all. The CRD stays where it is (outside the repository).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { KIT_ROOT as REPO_ROOT } from '../../utilities/kit-root.ts';

export type Schema = Record<string, unknown>;

/**
 * k6-operator's TestRun CRD (`k6.io_testruns.yaml` of grafana/k6-operator): K6_OPERATOR_CRD, else where
 * CI's machine keeps it, in a `shared/k6-operator` folder beside the clone (as it keeps k6).
 */
export const TESTRUN_CRD =
  process.env.K6_OPERATOR_CRD?.trim() ||
  join(REPO_ROOT, '..', 'shared', 'k6-operator', 'k6.io_testruns.yaml');

export const crdSchema = (file: string, version: string): Schema | undefined => {
  if (!existsSync(file)) return undefined;
  const crd = parse(readFileSync(file, 'utf8')) as {
    spec: { versions: { name: string; schema: { openAPIV3Schema: Schema } }[] };
  };
  return crd.spec.versions.find((v) => v.name === version)?.schema.openAPIV3Schema;
};

/** The JSON-schema errors of a manifest, as `path: message` lines. */
const compiled = new WeakMap<Schema, ValidateFunction>();

export const schemaErrors = (schema: Schema, manifest: unknown): string[] => {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    // OpenAPI's own keywords (x-kubernetes-*, int32 formats) are the API server's, not JSON Schema's.
    validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    compiled.set(schema, validate);
  }
  return validate(manifest)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);
};

/** ObjectMeta's fields: the API server validates `metadata` itself, the CRD schema only says "object". */
const OBJECT_META = new Set(['name', 'namespace', 'labels', 'annotations', 'generateName']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every field of the manifest that structural pruning would drop, as JSON paths. */
export const unknownFields = (schema: Schema, value: unknown, path = ''): string[] => {
  if (schema['x-kubernetes-preserve-unknown-fields'] === true) return [];
  if (Array.isArray(value)) {
    const items = schema.items;
    return isRecord(items) ? value.flatMap((item, i) => unknownFields(items, item, `${path}/${i}`)) : [];
  }
  if (!isRecord(value)) return [];
  if (path === '/metadata')
    return Object.keys(value)
      .filter((k) => !OBJECT_META.has(k))
      .map((k) => `${path}/${k}`);
  const properties = isRecord(schema.properties) ? (schema.properties as Record<string, Schema>) : undefined;
  const additional = isRecord(schema.additionalProperties)
    ? (schema.additionalProperties as Schema)
    : undefined;
  return Object.entries(value).flatMap(([key, child]) => {
    const childPath = `${path}/${key}`;
    const childSchema = properties?.[key] ?? additional;
    return childSchema === undefined ? [childPath] : unknownFields(childSchema, child, childPath);
  });
};
