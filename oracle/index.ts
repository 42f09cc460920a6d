/**
 * The suite's oracle: a pure verdict layer over `spec/` (no Playwright, no HTTP). It takes what was
 * sent and what came back and returns `Judgement`s: the violations found, each naming the one rule it
 * breaks, the rules reached, the evidence, and why a claim could not be made. The hand-written tests,
 * the properties, the fixtures' check of every error body, the certificate and the self-check all go
 * through it; no matcher, normaliser or body check exists anywhere else.
 *
 * Its files are listed here by the part of the spec they judge. Every exported `judge…` returns a
 * `Judgement` and is named in a unit test (kit-tests/oracle-judgements.test.ts keeps both true); the
 * functions that return bare violations are parts of judgements, named `…Violations`.
 */
// biome-ignore-all assist/source/organizeImports: grouped by the part of the spec each file judges

// The shapes every verdict takes: a violation, a judgement, and the answer judged.
export * from './http-answer.ts';
export * from './judgement.ts';
export * from './premises.ts';
export * from './violation.ts';

// Answers narrowed to a few statuses, and the parts of judgements other files build on.
export * from './disclosure.ts';
export * from './statuses.ts';

// 1. What the service does: a uuid of its own, tenants isolated, externalIds unique per tenant.
export * from './duplicate-claims.ts';
export * from './identity.ts';
export * from './isolation-reads.ts';
export * from './tenant-view.ts';

// 2. Resources and their fields: amounts, the readings of a value, the fields a PUT changes.
export * from './amounts.ts';
export * from './changed-fields.ts';
export * from './coercion.ts';

// 4. Endpoints: POST, GET, PUT, requests the service cannot read, what it must serve, a listing.
export * from './creation.ts';
export * from './credential-refusals.ts';
export * from './listing.ts';
export * from './listing-offered.ts';
export * from './listing-read-backs.ts';
export * from './malformed-requests.ts';
export * from './retrieval.ts';
export * from './served-answers.ts';
export * from './structural-readback.ts';
export * from './update.ts';
export * from './update-outcomes.ts';

// 5. Authentication: tokens, their prefixes and their client ids.
export * from './authorization.ts';
export * from './header-names.ts';

// 7. Errors: the error body, the refusals the spec states, validation's errors[] and their matching.
export * from './code-rules.ts';
export * from './error-body.ts';
export * from './expected-failure.ts';
export * from './failure-matching.ts';
export * from './faults-apart.ts';
export * from './field-paths.ts';
export * from './refusal-claims.ts';
export * from './stated-refusals.ts';
export * from './validation.ts';

// 8. Limits: the rate limit over a burst, and requests sent together on purpose.
export * from './burst-tally.ts';
export * from './rate-limit-bound.ts';
export * from './rate-limit-counter.ts';
export * from './rate-limit-judgements.ts';
export * from './simultaneous-requests.ts';
export * from './throttled-write.ts';

// Where the spec is silent: the readings of a gap, and the response shapes it describes.
export * from './gap-answer.ts';
export * from './response-schemas.ts';
