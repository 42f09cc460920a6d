/**
 * A GitHub Action's metadata file (action.yml) checked offline. GitHub's workflow parser reads
 * workflows, not action files, so the action's own rules are written here from GitHub's metadata
 * syntax: a name and description, inputs with descriptions and string defaults, outputs with a value,
 * a composite `runs` whose every step runs a shell script (with its `shell`) or uses a pinned action,
 * step ids unique, every `inputs.…` and `steps.….outputs` an expression names defined, and every
 * script valid bash.
 */
import { spawnSync } from 'node:child_process';
import { parse } from 'yaml';
import { z } from 'zod';

const step = z
  .strictObject({
    name: z.string().min(1),
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/)
      .optional(),
    if: z.string().optional(),
    shell: z.literal('bash').optional(),
    run: z.string().optional(),
    uses: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+@v\d+$/, 'an action pinned to a major version')
      .optional(),
    with: z.record(z.string(), z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
  })
  .refine(
    (s) => (s.run === undefined) !== (s.uses === undefined),
    'a step either runs a script or uses an action',
  )
  .refine(
    (s) => s.run === undefined || s.shell !== undefined,
    'a composite step that runs a script names its shell',
  );

const actionSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  author: z.string().optional(),
  branding: z.strictObject({ icon: z.string(), color: z.string() }).optional(),
  inputs: z.record(
    z.string().regex(/^[a-z][a-z0-9-]*$/),
    z.strictObject({
      description: z.string().min(1),
      required: z.boolean().optional(),
      default: z.string().optional(),
    }),
  ),
  outputs: z.record(z.string(), z.strictObject({ description: z.string().min(1), value: z.string().min(1) })),
  runs: z.strictObject({ using: z.literal('composite'), steps: z.array(step).min(1) }),
});

export type ActionFile = z.infer<typeof actionSchema>;

/** Every problem of the action file, one line each; none when it is valid. */
export const actionProblems = (text: string): string[] => {
  const parsed = actionSchema.safeParse(parse(text));
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const action = parsed.data;
  const problems: string[] = [];
  const ids = action.runs.steps.flatMap((s) => (s.id ? [s.id] : []));
  if (new Set(ids).size !== ids.length) problems.push('step ids are not unique');
  for (const [, name] of text.matchAll(/\binputs\.([a-z][a-z0-9-]*)/g)) {
    if (!((name as string) in action.inputs)) problems.push(`inputs.${name} is not an input`);
  }
  for (const [, id] of text.matchAll(/\bsteps\.([a-z][a-z0-9-]*)\.outputs/g)) {
    if (!ids.includes(id as string)) problems.push(`steps.${id} names no step`);
  }
  for (const s of action.runs.steps) {
    if (s.run === undefined) continue;
    // GitHub replaces the expressions before bash reads the script: stand one word in for each.
    const script = s.run.replace(/\$\{\{[^}]*\}\}/g, 'EXPRESSION');
    const check = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
    if (check.status !== 0) problems.push(`step "${s.name}": ${check.stderr.trim()}`);
  }
  return problems;
};

export const parseActionFile = (text: string): ActionFile => actionSchema.parse(parse(text));
