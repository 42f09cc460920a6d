/**
 * The suite's oracle: a pure verdict layer over `spec/` (no Playwright, no HTTP). It takes what was
 * sent and what came back and returns violations, each naming the rule it breaks. The hand-written
 * tests, the properties, the fixtures' check of every error body, the certificate and the self-check
 * all go through it; no matcher, normaliser or body check exists anywhere else.
 */
export * from './amounts.ts';
export * from './authorization.ts';
export * from './burst-tally.ts';
export * from './changed-fields.ts';
export * from './code-rules.ts';
export * from './coercion.ts';
export * from './creation.ts';
export * from './disclosure.ts';
export * from './duplicate-claims.ts';
export * from './error-body.ts';
export * from './expected-failure.ts';
export * from './failure-matching.ts';
export * from './faults-apart.ts';
export * from './field-paths.ts';
export * from './gap-answer.ts';
export * from './http-answer.ts';
export * from './identity.ts';
export * from './isolation-reads.ts';
export * from './judgement.ts';
export * from './listing.ts';
export * from './listing-offered.ts';
export * from './listing-read-backs.ts';
export * from './malformed-requests.ts';
export * from './premises.ts';
export * from './rate-limit-bound.ts';
export * from './rate-limit-counter.ts';
export * from './rate-limit-judgements.ts';
export * from './refusal-claims.ts';
export * from './response-schemas.ts';
export * from './retrieval.ts';
export * from './served-answers.ts';
export * from './simultaneous-requests.ts';
export * from './stated-refusals.ts';
export * from './structural-readback.ts';
export * from './tenant-view.ts';
export * from './update.ts';
export * from './update-outcomes.ts';
export * from './validation.ts';
export * from './violation.ts';
