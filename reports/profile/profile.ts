/**
 * A behaviour profile: what one run found the target doing, in a form two runs can be compared by.
 * `behaviour` holds only what the target did (rule verdicts, gap readings, k6 latency and threshold
 * verdicts), normalised so that two runs against the same server give the same readings; `run` says
 * which run it was, and is never compared.
 */
import { z } from 'zod';

export const PROFILE_SCHEMA = 'behaviour-profile/v1';
export const PROFILE_FILE = 'profile.json';

const runSchema = z.object({
  runId: z.string().nullable(),
  startedAt: z.string().nullable(),
  kitVersion: z.string().nullable(),
  /** The target as a person reads it (base URL, environment, embedded or not): never a token. */
  target: z.string().nullable(),
  /** Playwright filters of the run (--grep, --shard…): a filtered run observes only part of the suite. */
  filters: z.array(z.string()),
});

/** Latency statistics of one endpoint, in milliseconds (k6's p(90), p(95), p(99), med). */
const latencySchema = z.record(z.string(), z.number());

const loadScriptSchema = z.object({
  verdict: z.string(),
  /** Each threshold's verdict, by `<rule id> <metric> <expression>`. */
  thresholds: z.record(z.string(), z.string()),
  /** Latency statistics by endpoint, when the script measured any. */
  latency: z.record(z.string(), latencySchema),
});

export const profileSchema = z.object({
  schema: z.literal(PROFILE_SCHEMA),
  run: runSchema,
  behaviour: z.object({
    /** Every rule and gap of the certificate with its verdict, as the certificate words it. */
    rules: z.record(z.string(), z.object({ kind: z.string(), verdict: z.string() })),
    /** For each gap (or rule) observed, for each test that observed it, its distinct readings, sorted. */
    readings: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
    /** The k6 scripts of the same run, by script name. */
    load: z.record(z.string(), loadScriptSchema),
  }),
  /** What the profile could not include, and why (k6 summaries of another run, a missing file). */
  notes: z.array(z.string()),
});

export type Profile = z.infer<typeof profileSchema>;
export type ProfileRun = Profile['run'];
export type Behaviour = Profile['behaviour'];
export type LoadScriptProfile = z.infer<typeof loadScriptSchema>;
