/**
 * Variants: conforming reference servers that read the spec's gaps differently. Each is a coherent
 * reading that still obeys every stated rule, so the conformance suite must pass against all of them
 * (DESIGN principle 2). A variant is only a ReferenceBehaviour overlay; no code is copied.
 */
import type { ReferenceBehaviour } from './behaviour.ts';

export interface VariantDefinition {
  readonly name: string;
  readonly description: string;
  readonly behaviour: Partial<ReferenceBehaviour>;
}

const variant = (
  name: string,
  description: string,
  behaviour: Partial<ReferenceBehaviour>,
): VariantDefinition => Object.freeze({ name, description, behaviour: Object.freeze(behaviour) });

export const VARIANTS: readonly VariantDefinition[] = Object.freeze([
  variant('put-no-content', 'PUT answers 204 with no body; GET adds createdAt and updatedAt.', {
    putSuccess: 'no-content-204',
    getExtraFields: 'timestamps',
  }),
  variant('put-returns-uuid', 'PUT answers 200 with {uuid}; errors[] sorted by error code.', {
    putSuccess: 'uuid-200',
    errorsOrder: 'by-code',
  }),
  variant(
    'json-pointer-paths',
    'errors[].field as JSON pointers (/payload/channel), in reverse order; unknown payload properties get ERR-3099.',
    { fieldPath: 'pointer', errorsOrder: 'reversed', unknownPayloadPropertyCode: 'ERR-3099' },
  ),
  variant(
    'leaf-field-names',
    'errors[].field is the bare field name (channel, amount); malformed JSON gets ERR-4000.',
    {
      fieldPath: 'leaf',
      malformedJson: { status: 400, errorCode: 'ERR-4000' },
    },
  ),
  variant('token-mismatch-401', "A valid token with another tenant's X-Client-Id answers 401 ERR-1002.", {
    tokenOfOtherTenant: 'invalid-1002',
  }),
  variant('sliding-window', 'Sliding-window rate limit; the 429 body adds a detail string.', {
    rateLimitAlgorithm: 'sliding-window',
    rateLimitBody: 'with-detail',
  }),
  variant(
    'token-bucket',
    'Token-bucket rate limit (same capacity, refilled continuously); the 429 body adds retryAfterSeconds.',
    {
      rateLimitAlgorithm: 'token-bucket',
      rateLimitBody: 'with-retry-after',
    },
  ),
  variant(
    'lenient-extras-dropped',
    'Unknown top-level fields are accepted and dropped; only externalId is required.',
    { unknownTopLevelFields: 'drop', requiredFields: 'external-id-only' },
  ),
  variant('lenient-extras-kept', 'Unknown top-level fields are accepted and stored; GET adds timestamps.', {
    unknownTopLevelFields: 'keep',
    getExtraFields: 'timestamps',
  }),
  variant('non-uuid-path-400', 'A path id that is not a UUID answers 400 ERR-9006 instead of 404 ERR-4002.', {
    nonUuidPathId: 'bad-request-400',
  }),
  variant(
    'leaf-paths-by-code',
    'errors[].field as bare names, sorted by error code; unknown top-level fields dropped; GET adds timestamps; sliding-window limit whose 429 body adds retryAfterSeconds.',
    {
      fieldPath: 'leaf',
      errorsOrder: 'by-code',
      unknownTopLevelFields: 'drop',
      getExtraFields: 'timestamps',
      rateLimitAlgorithm: 'sliding-window',
      rateLimitBody: 'with-retry-after',
    },
  ),
  variant('every-gap-the-other-way', 'Every gap read differently from the reference at once.', {
    putSuccess: 'no-content-204',
    getExtraFields: 'timestamps',
    errorsOrder: 'reversed',
    fieldPath: 'pointer',
    unknownPayloadPropertyCode: 'ERR-3099',
    malformedJson: { status: 400, errorCode: 'ERR-4000' },
    tokenOfOtherTenant: 'invalid-1002',
    rateLimitAlgorithm: 'token-bucket',
    rateLimitBody: 'with-detail',
    unknownTopLevelFields: 'keep',
    requiredFields: 'external-id-only',
    nonUuidPathId: 'bad-request-400',
  }),
]);

export const VARIANT_NAMES: readonly string[] = Object.freeze(VARIANTS.map((v) => v.name));

/** The variant of a name; throws a clear error listing the known names for an unknown one. */
export const variantByName = (name: string): VariantDefinition => {
  const found = VARIANTS.find((v) => v.name === name);
  if (!found)
    throw new Error(`Unknown reference variant "${name}". Known variants: ${VARIANT_NAMES.join(', ')}`);
  return found;
};
