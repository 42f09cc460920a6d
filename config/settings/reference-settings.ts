/**
 * The reference server's settings (`fei-kit reference`, and the embedded target), and the self-check's.
 * The reference server reads its own through these definitions (reference/cli-settings.ts), the one file
 * of config/ it may import besides the parse functions (setting.ts): so this file imports only those and spec/.
 */
import { ENVIRONMENTS } from '../../spec/index.ts';
import { define, millisecondsRange, oneOf, onOff, trimmed, wholeNumber } from './setting.ts';

/** The longest simulated round trip, in milliseconds: a minute is far beyond any network the kit is rehearsed against. */
export const MAX_LATENCY_MS = 60_000;

/** The port `fei-kit reference` listens on unless told. */
export const DEFAULT_REFERENCE_PORT = 8080;

export const REFERENCE_PORT = define({
  name: 'REFERENCE_PORT',
  doc: "the reference server's port on 127.0.0.1, 0 picks a free one (or --port)",
  defaultText: String(DEFAULT_REFERENCE_PORT),
  audience: 'public',
  parse: wholeNumber(DEFAULT_REFERENCE_PORT, 0, 65535),
});

export const REFERENCE_ENVIRONMENT = define({
  name: 'REFERENCE_ENVIRONMENT',
  doc: "the reference server's environment, sandbox or production (or --environment)",
  defaultText: 'sandbox',
  audience: 'public',
  parse: oneOf(ENVIRONMENTS, 'sandbox'),
});

export const REFERENCE_CREDENTIALS_FILE = define({
  name: 'REFERENCE_CREDENTIALS_FILE',
  doc: 'where the reference server writes its credentials (or --credentials-file)',
  defaultText: '`<output>/reference/credentials.env`',
  audience: 'public',
  parse: trimmed,
});

export const REFERENCE_VARIANT = define({
  name: 'REFERENCE_VARIANT',
  doc: 'the reference server (fei-kit reference, or the embedded target) runs this variant',
  defaultText: 'none',
  audience: 'public',
  parse: trimmed,
});

export const REFERENCE_MUTANT = define({
  name: 'REFERENCE_MUTANT',
  doc: 'the reference server (fei-kit reference, or the embedded target) runs these mutants',
  defaultText: 'none',
  audience: 'public',
  parse: trimmed,
});

export const REFERENCE_DEPLOYMENT = define({
  name: 'REFERENCE_DEPLOYMENT',
  doc: 'the reference server (fei-kit reference, or the embedded target) runs this deployment',
  defaultText: 'none',
  audience: 'public',
  parse: trimmed,
});

export const KIT_REFERENCE_VARIANT = define({
  name: 'KIT_REFERENCE_VARIANT',
  doc: 'the old name of REFERENCE_VARIANT for the embedded target, read until 1.0',
  audience: 'public',
  parse: trimmed,
});

export const KIT_REFERENCE_MUTANT = define({
  name: 'KIT_REFERENCE_MUTANT',
  doc: 'the old name of REFERENCE_MUTANT for the embedded target, read until 1.0',
  audience: 'public',
  parse: trimmed,
});

export const KIT_REFERENCE_DEPLOYMENT = define({
  name: 'KIT_REFERENCE_DEPLOYMENT',
  doc: 'the old name of REFERENCE_DEPLOYMENT for the embedded target, read until 1.0',
  audience: 'public',
  parse: trimmed,
});

export const REFERENCE_HTTPS = define({
  name: 'REFERENCE_HTTPS',
  doc: '`true`: the reference server serves HTTPS with a self-signed certificate (or --https)',
  defaultText: 'HTTP',
  audience: 'public',
  parse: onOff,
});

export const REFERENCE_LATENCY_MS = define({
  name: 'REFERENCE_LATENCY_MS',
  doc: "the reference server's simulated round trip: 120 (fixed) or 80-160 (drawn) (or --latency)",
  defaultText: 'none',
  audience: 'public',
  parse: millisecondsRange(MAX_LATENCY_MS),
});

export const REFERENCE_TENANTS_FILE = define({
  name: 'REFERENCE_TENANTS_FILE',
  doc: 'more tenants the reference server serves, each with its own limit (or --tenants-file)',
  defaultText: 'the three seeded tenants only',
  audience: 'public',
  parse: trimmed,
});

export const SELF_CHECK_CONCURRENCY = define({
  name: 'SELF_CHECK_CONCURRENCY',
  doc: "the self-check's runs at a time (or --concurrency)",
  defaultText: 'CPUs + 1',
  audience: 'public',
  parse: wholeNumber(undefined, 1),
});

export const SELF_CHECK_LOAD_CONCURRENCY = define({
  name: 'SELF_CHECK_LOAD_CONCURRENCY',
  doc: "the self-check's k6 runs at a time (or --load-concurrency)",
  defaultText: 'CPUs + 1',
  audience: 'public',
  parse: wholeNumber(undefined, 1),
});

export const SELF_CHECK_MUTANT_FC_RUNS = define({
  name: 'SELF_CHECK_MUTANT_FC_RUNS',
  doc: 'fast-check runs per property for mutants (or --mutant-fc-runs)',
  defaultText: "each property's own",
  audience: 'public',
  parse: wholeNumber(undefined, 1),
});

export const REFERENCE_SETTINGS = [
  REFERENCE_PORT,
  REFERENCE_ENVIRONMENT,
  REFERENCE_CREDENTIALS_FILE,
  REFERENCE_VARIANT,
  REFERENCE_MUTANT,
  REFERENCE_DEPLOYMENT,
  KIT_REFERENCE_VARIANT,
  KIT_REFERENCE_MUTANT,
  KIT_REFERENCE_DEPLOYMENT,
  REFERENCE_HTTPS,
  REFERENCE_LATENCY_MS,
  REFERENCE_TENANTS_FILE,
  SELF_CHECK_CONCURRENCY,
  SELF_CHECK_LOAD_CONCURRENCY,
  SELF_CHECK_MUTANT_FC_RUNS,
] as const;
