/**
 * `npm run lint:workflow [-- <files>]`: checks GitHub Actions workflow files offline with GitHub's own
 * workflow parser and schema (@actions/workflow-parser): unknown keys, wrong value types, broken
 * expressions, unknown contexts. Default: .github/workflows/*.yml, and the kit's own action.yml
 * (action-file.ts: the parser reads no action files).
 *
 * The parser imports its schema as JSON without an import attribute, which Node's own ESM loader
 * refuses: run this file with tsx (as the npm script does), whose loader accepts it.
 *
 * Prints one line per error (`--json`: one JSON document); exits 0 when every file is valid, 1 when
 * one is not, 2 when a file cannot be read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { actionProblems } from './action-file.ts';

export interface WorkflowCheck {
  readonly file: string;
  readonly errors: readonly string[];
  readonly jobs: readonly string[];
}

export const checkWorkflow = async (file: string, content: string): Promise<WorkflowCheck> => {
  const result = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
  const errors = new Set(result.context.errors.getErrors().map((e) => e.message));
  let jobs: string[] = [];
  if (result.value !== undefined) {
    const template = await convertWorkflowTemplate(result.context, result.value);
    for (const error of template.errors ?? []) errors.add(error.Message);
    jobs = (template.jobs ?? []).map((job) => ('id' in job ? String(job.id) : ''));
  } else if (errors.size === 0) {
    errors.add(`${file}: not a workflow`);
  }
  return { file, errors: [...errors], jobs };
};

const main = async (): Promise<number> => {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const named = args.filter((a) => a !== '--json');
  const folder = '.github/workflows';
  const files =
    named.length > 0
      ? named
      : readdirSync(folder)
          .filter((f) => /\.ya?ml$/.test(f))
          .sort()
          .map((f) => join(folder, f));
  const checks: WorkflowCheck[] = [];
  for (const file of files) {
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch (error) {
      process.stdout.write(`lint:workflow: cannot read ${file}: ${(error as Error).message}\n`);
      return 2;
    }
    checks.push(await checkWorkflow(file, content));
  }
  if (named.length === 0) {
    checks.push({ file: 'action.yml', errors: actionProblems(readFileSync('action.yml', 'utf8')), jobs: [] });
  }
  if (json) process.stdout.write(`${JSON.stringify(checks)}\n`);
  else {
    for (const check of checks) {
      if (check.errors.length === 0)
        process.stdout.write(
          `lint:workflow: ${check.file}: valid${check.jobs.length > 0 ? ` (jobs ${check.jobs.join(', ')})` : ''}\n`,
        );
      for (const error of check.errors) process.stdout.write(`lint:workflow: ${error}\n`);
    }
  }
  return checks.every((c) => c.errors.length === 0) ? 0 : 1;
};

main().then((code) => process.exit(code));
