/**
 * The provider's declared deviations (DECLARED_DEVIATIONS_FILE; docs/declared-deviations.md): the
 * stated rules its deployment knowingly breaks, each with what differs, why, and who accepted it. The
 * certificate shows their failures as *declared*, never hidden, and the exit code gates on everything
 * else. YAML or JSON (JSON is YAML), checked with zod: every problem is one line naming the file and the
 * place, and any problem stops the run before a request, as any malformed value of the contract does.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { CONTRACT_VARIABLES } from '../contract/index.ts';
import { isRuleId, type RuleId, ruleById } from '../spec/index.ts';
import { ConfigError } from './config-error.ts';

export interface DeclaredDeviation {
  /** The stated rule the deployment breaks (spec/rules.ts): never a gap. */
  readonly rule: RuleId;
  /** What differs from the spec. */
  readonly differs: string;
  /** Why the provider keeps it. */
  readonly reason: string;
  /** Who accepted it. */
  readonly acceptedBy: string;
  /** When it was accepted (YYYY-MM-DD). */
  readonly acceptedOn?: string;
  /** The last day the declaration holds (YYYY-MM-DD); after it, the rule's failure counts again. */
  readonly until?: string;
}

export interface DeclaredDeviations {
  /** The file as a person finds it (relative to the working directory when inside it). */
  readonly file: string;
  readonly deviations: readonly DeclaredDeviation[];
}

/** A field's message when it is missing, or of another kind than it must be. */
const missingOr =
  (kind: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'is required' : `must be ${kind}`;

const text = z
  .string({ error: missingOr('a text') })
  .trim()
  .min(1, 'must not be empty');

const statedRule = z.string({ error: missingOr('a rule id of the catalog') }).superRefine((id, context) => {
  if (!isRuleId(id)) {
    context.addIssue({ code: 'custom', message: `${id} is not a rule id of the catalog (spec/rules.ts)` });
  } else if (ruleById(id).kind === 'gap') {
    context.addIssue({
      code: 'custom',
      message: `${id} is a gap, where the spec is silent: a reading of it is never a deviation`,
    });
  }
});

const day = z.iso.date({ error: 'must be a date, YYYY-MM-DD' });

const FIELDS = {
  rule: statedRule,
  differs: text,
  reason: text,
  acceptedBy: text,
  acceptedOn: day.optional(),
  until: day.optional(),
};

const declarationSchema = z.strictObject(FIELDS, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `has an unknown field ${issue.keys.join(', ')} (the fields are ${Object.keys(FIELDS).join(', ')})`
      : 'must be an object of rule, differs, reason, acceptedBy',
});

const fileSchema = z
  .strictObject(
    {
      deviations: z
        .array(declarationSchema, { error: missingOr('a list') })
        .min(1, 'must list at least one deviation'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `has an unknown field ${issue.keys.join(', ')} (it holds one: deviations)`
          : 'must be an object with a "deviations" list',
    },
  )
  .superRefine(({ deviations }, context) => {
    const seen = new Set<string>();
    for (const [index, { rule }] of deviations.entries()) {
      if (seen.has(rule))
        context.addIssue({
          code: 'custom',
          path: ['deviations', index, 'rule'],
          message: `${rule} is declared twice`,
        });
      seen.add(rule);
    }
  });

/** `deviations[1].rule`: where a problem is, as a person reads the file. */
const placeOf = (path: readonly PropertyKey[]): string =>
  path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('') || 'the file';

/** The declarations of a file's text; throws ConfigError with one line per problem. */
export const parseDeclaredDeviations = (source: string, file: string): DeclaredDeviations => {
  let document: unknown;
  try {
    document = parse(source);
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0]?.replace(/:$/, '');
    throw new ConfigError(`${file} is neither YAML nor JSON: ${reason}`);
  }
  const parsed = fileSchema.safeParse(document);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${file}: ${placeOf(issue.path)} ${issue.message}`).join('\n'),
    );
  }
  return Object.freeze({
    file,
    deviations: Object.freeze(
      parsed.data.deviations.map((d) => Object.freeze({ ...d, rule: d.rule as RuleId })),
    ),
  });
};

/** The file DECLARED_DEVIATIONS_FILE names, read and checked; undefined when it is not set. */
export const readDeclaredDeviations = (
  env: NodeJS.ProcessEnv = process.env,
): DeclaredDeviations | undefined => {
  const named = env[CONTRACT_VARIABLES.declaredDeviations]?.trim();
  if (!named) return undefined;
  const path = resolve(named);
  const shown = relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path);
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`${CONTRACT_VARIABLES.declaredDeviations} names ${path}, which cannot be read`);
  }
  return parseDeclaredDeviations(source, shown);
};

/** Whether a declaration still holds on a day (YYYY-MM-DD): it has no end, or ends that day or later. */
export const declarationHolds = (declaration: DeclaredDeviation, onDay: string): boolean =>
  declaration.until === undefined || declaration.until >= onDay;
