/**
 * The facts of one conformance run that the report and the certificate show: the target as a person
 * may see it (never a token), the kit version, the run id, when it ran and how it was filtered.
 * Written by run-reporter.ts as run.json beside results.json, because the certificate and the report
 * are built later, by other processes, when the reference server is long gone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Target } from '../../config/index.ts';
import { PlaywrightArgumentError, readPlaywrightArguments } from '../../config/playwright-arguments.ts';
import { kitVersion } from '../../utilities/kit-version.ts';

const rateLimitSchema = z.object({ requestsPerWindow: z.number(), windowSeconds: z.number() });

export const targetDescriptionSchema = z.object({
  baseUrl: z.string(),
  environment: z.string(),
  embedded: z.boolean(),
  clientIds: z.object({
    A: z.string(),
    B: z.string().optional(),
    RATE_LIMIT: z.string().optional(),
  }),
  /** Tenant A's limit (the main tenant's). */
  rateLimit: rateLimitSchema,
  /** Each tenant's limit. */
  rateLimits: z.object({ A: rateLimitSchema, B: rateLimitSchema, RATE_LIMIT: rateLimitSchema }).optional(),
  allowProductionWrites: z.boolean(),
});
export type TargetDescription = z.infer<typeof targetDescriptionSchema>;

export const runInfoSchema = z.object({
  schema: z.literal('conformance-run/v1'),
  runId: z.string().optional(),
  kitVersion: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  status: z.string().optional(),
  target: targetDescriptionSchema.optional(),
  /** The Playwright command-line arguments after `test` (filters such as --grep or --shard). */
  arguments: z.array(z.string()),
  shard: z.object({ current: z.number(), total: z.number() }).optional(),
  /**
   * Set when `--max-failures N` (or `-x`) stopped the run before its end: the failures that stopped it
   * and how many checks never ran.
   */
  stoppedEarly: z.object({ maxFailures: z.number(), notRun: z.number() }).optional(),
  playwrightVersion: z.string(),
  nodeVersion: z.string(),
});
export type RunInfo = z.infer<typeof runInfoSchema>;

/** Field by field, so that nothing a Target may gain later (a token) slips into an output. */
export const describeTarget = (target: Target): TargetDescription => ({
  baseUrl: target.baseUrl,
  environment: target.environment,
  embedded: target.embedded,
  clientIds: {
    A: target.tenantA.clientId,
    ...(target.tenantB ? { B: target.tenantB.clientId } : {}),
    ...(target.rateLimitTenant ? { RATE_LIMIT: target.rateLimitTenant.clientId } : {}),
  },
  rateLimit: { ...target.limits.A },
  rateLimits: {
    A: { ...target.limits.A },
    B: { ...target.limits.B },
    RATE_LIMIT: { ...target.limits.RATE_LIMIT },
  },
  allowProductionWrites: target.allowProductionWrites,
});

export const readRunInfo = (path: string): RunInfo | undefined => {
  if (!existsSync(path)) return undefined;
  const parsed = runInfoSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  return parsed.success ? parsed.data : undefined;
};

/** The filters of a run, as a person would read them, or an empty list for a full run. */
export const runFilters = (info: Pick<RunInfo, 'arguments'>): string[] => {
  try {
    return [...readPlaywrightArguments(info.arguments, { checkValues: false }).filters];
  } catch (error) {
    if (!(error instanceof PlaywrightArgumentError)) throw error;
    // Arguments the wrapper would have refused (a run started by `npx playwright test` directly):
    // shown as they are rather than hidden.
    return [info.arguments.join(' ')];
  }
};

/** `1000 requests per 60 s`, or each tenant's when they differ. */
const describeRateLimits = (target: TargetDescription): string => {
  const text = (l: { requestsPerWindow: number; windowSeconds: number }) =>
    `${l.requestsPerWindow} requests per ${l.windowSeconds} s`;
  const limits = target.rateLimits;
  if (!limits) return text(target.rateLimit);
  const names = ['A', 'B', 'RATE_LIMIT'] as const;
  const distinct = new Set(names.map((n) => text(limits[n])));
  return distinct.size === 1 ? text(limits.A) : names.map((n) => `${n}: ${text(limits[n])}`).join(', ');
};

/** The Allure environment section: what ran against what, never a token. */
export const environmentInfo = (info: RunInfo): Record<string, string> => {
  const target = info.target;
  const entries: [string, string | undefined][] = [
    ['Target base URL', target?.baseUrl],
    [
      'Environment',
      target ? `${target.environment}${target.embedded ? ' (reference server)' : ''}` : undefined,
    ],
    ['Tenant A client id', target?.clientIds.A],
    ['Tenant B client id', target ? (target.clientIds.B ?? 'not configured') : undefined],
    ['Rate-limit tenant client id', target ? (target.clientIds.RATE_LIMIT ?? 'not configured') : undefined],
    ['Rate limit', target ? describeRateLimits(target) : undefined],
    ['Kit version', info.kitVersion],
    ['Run id', info.runId],
    ['Date', info.startedAt],
    ['Filters', runFilters(info).join(', ') || 'none (whole suite)'],
    ['Playwright', info.playwrightVersion],
    ['Node.js', info.nodeVersion],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
};

const escapeProperties = (text: string, isKey: boolean): string => {
  let out = '';
  for (const [index, char] of [...text].entries()) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\') out += '\\\\';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (isKey && (char === ' ' || char === '=' || char === ':')) out += `\\${char}`;
    else if ((char === '#' || char === '!') && index === 0) out += `\\${char}`;
    else if (char === ' ' && index === 0) out += '\\ ';
    else if (code > 0x7e || code < 0x20) {
      const units = char.length === 1 ? [code] : [char.charCodeAt(0), char.charCodeAt(1)];
      out += units.map((unit) => `\\u${unit.toString(16).padStart(4, '0')}`).join('');
    } else out += char;
  }
  return out;
};

/** A Java .properties text (what Allure's environment.properties is), keys in the given order. */
export const toProperties = (record: Readonly<Record<string, string>>): string =>
  `${Object.entries(record)
    .map(([key, value]) => `${escapeProperties(key, true)}=${escapeProperties(value, false)}`)
    .join('\n')}\n`;

export const newRunInfo = (fields: Partial<RunInfo> & Pick<RunInfo, 'startedAt'>): RunInfo => ({
  schema: 'conformance-run/v1',
  kitVersion: kitVersion(),
  arguments: [],
  playwrightVersion: 'unknown',
  nodeVersion: process.version,
  ...fields,
});
