/**
 * Reading a provider's JSON Schema the way the comparison needs it, through the compositions a
 * description may use (allOf, anyOf, oneOf) and its local references: the schemas of a property, the
 * values a vocabulary allows, whether an object is closed, which properties are required.
 */
import { isObject, type Json, resolved } from './provider-description.ts';

/** The schema and every schema it is composed of, references followed. */
export const branchesOf = (document: Json, schema: unknown, depth = 0): Json[] => {
  const own = resolved(document, schema);
  if (!isObject(own) || depth > 8) return [];
  const parts = ['allOf', 'anyOf', 'oneOf'].flatMap((key) =>
    Array.isArray(own[key]) ? (own[key] as unknown[]) : [],
  );
  return [own, ...parts.flatMap((part) => branchesOf(document, part, depth + 1))];
};

/** The schemas a property has in any branch; empty when the schema does not describe it. */
export const propertySchemas = (document: Json, schemas: readonly unknown[], name: string): Json[] =>
  schemas
    .flatMap((schema) =>
      branchesOf(document, schema).flatMap((branch) =>
        isObject(branch.properties) && branch.properties[name] !== undefined ? [branch.properties[name]] : [],
      ),
    )
    .flatMap((property) => branchesOf(document, property).slice(0, 1));

/** The values a vocabulary allows (enum and const over every branch), or undefined when it names none. */
export const allowedValues = (document: Json, schemas: readonly Json[]): string[] | undefined => {
  const values = schemas.flatMap((schema) =>
    branchesOf(document, schema).flatMap((branch) => [
      ...(Array.isArray(branch.enum) ? branch.enum : []),
      ...('const' in branch ? [branch.const] : []),
    ]),
  );
  return values.length > 0 ? [...new Set(values.map(String))] : undefined;
};

/** Whether an object schema refuses properties it does not name, in every branch that names some. */
export const isClosed = (document: Json, schema: Json): boolean => {
  if (schema.additionalProperties === false || schema.unevaluatedProperties === false) return true;
  const named = branchesOf(document, schema).filter((branch) => isObject(branch.properties));
  return (
    named.length > 0 &&
    named.every((branch) => branch.additionalProperties === false || branch.unevaluatedProperties === false)
  );
};

/** The properties any branch requires. */
export const requiredProperties = (document: Json, schema: unknown): Set<string> =>
  new Set(
    branchesOf(document, schema).flatMap((branch) =>
      Array.isArray(branch.required) ? branch.required.map(String) : [],
    ),
  );

/** Whether the schema says anything about an object's properties. */
export const describesProperties = (document: Json, schema: unknown): boolean =>
  branchesOf(document, schema).some((branch) => isObject(branch.properties));
