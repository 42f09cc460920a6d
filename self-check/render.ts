/** The matrix as text for the console and as Markdown for the report folder (pure). */
import { answersText, mutantAnswersText } from './answers.ts';
import { loadTotalsLine, renderLoadMarkdown, renderLoadText } from './load-render.ts';
import type { LoadMatrix } from './load-verdicts.ts';
import type { ConformingEntry, DeploymentEntry, Matrix, MutantEntry, MutantVerdict } from './matrix.ts';
import { type PhaseTimings, phaseTimingLine } from './phase-clock.ts';

export interface RenderContext {
  /** Wall time of the whole self-check, in seconds. */
  readonly wallSeconds: number;
  readonly concurrency: number;
  /** Notes on how the runs were scoped, printed once. */
  readonly notes: readonly string[];
  /** When each phase ran and the cores it kept busy. */
  readonly timings?: PhaseTimings;
}

const MUTANT_LABEL: Record<MutantVerdict, string> = {
  caught: 'caught',
  'weakly-caught': 'WEAK',
  'not-established': 'NOT EST.',
  survived: 'SURVIVED',
  error: 'ERROR',
};

const rulesText = (mutant: MutantEntry): string =>
  mutant.caughtByRules.map((r) => (r.checks > 1 ? `${r.ruleId} ×${r.checks}` : r.ruleId)).join(', ');

const stagesText = (entry: { stages: MutantEntry['stages'] }): string =>
  entry.stages
    .map((s) => `${s.label} (${s.checks} checks${s.failed ? `, ${s.failed} failed` : ''})`)
    .join(', then ');

const duration = (seconds: number): string =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`
    : `${Math.round(seconds)} s`;

const invalidAnswers = (entry: ConformingEntry): readonly string[] =>
  entry.answers?.outcome === 'validated' ? entry.answers.invalid : [];

const failureLines = (entry: ConformingEntry, indent: string): string[] => [
  ...(entry.problem ? [`${indent}run: ${entry.problem}`] : []),
  ...entry.failures.map(
    (f) => `${indent}✗ [${f.project}] ${f.title}${f.error ? `\n${indent}    ${f.error}` : ''}`,
  ),
  ...invalidAnswers(entry).map((why) => `${indent}✗ answer outside the OpenAPI document: ${why}`),
];

/** The conforming rows' answers against the OpenAPI document, for the closing line. */
const answersTotalsText = (matrix: Matrix): string => {
  const { rows, valid, invalid, outside, notValidated } = matrix.totals.answers;
  const { wrongShapeMutants, refusedMutants } = matrix.totals.answers;
  const mutants = wrongShapeMutants
    ? `; wrong-shape mutants refused by the document: ${refusedMutants}/${wrongShapeMutants}`
    : '';
  if (rows === 0) return `${notValidated ? '; answers not validated' : ''}${mutants}`;
  return `; answers of ${rows} conforming runs: ${valid} valid, ${invalid} invalid against the OpenAPI document (${outside} outside its operations)${notValidated ? `, ${notValidated} runs not validated` : ''}${mutants}`;
};

export const totalsLine = (matrix: Matrix): string => {
  const { mutants, variants, deployments, reference } = matrix.totals;
  return (
    `mutants: ${mutants.caught + mutants.weaklyCaught}/${mutants.total} caught ` +
    `(${mutants.caught} by a declared rule, ${mutants.weaklyCaught} weakly), ${mutants.survived} survived` +
    `${mutants.notEstablished ? `, ${mutants.notEstablished} not established (a check of a declared rule could not make its claim)` : ''}` +
    `${mutants.errors ? `, ${mutants.errors} run errors` : ''}; ` +
    `variants: ${variants.passed}/${variants.total} passed; ` +
    `${deployments.total ? `deployments: ${deployments.asDeclared}/${deployments.total} as declared; ` : ''}` +
    `reference: ${reference}${answersTotalsText(matrix)}`
  );
};

/** How a deployment's failed rules compare with the rules it deviates from. */
export const deploymentText = (d: DeploymentEntry): string => {
  if (d.verdict === 'error') return d.problem ?? 'run error';
  const failed = `failed ${d.failedRules.join(', ') || 'nothing'}`;
  if (d.verdict === 'as-declared') return `${failed}, exactly the rules it deviates from`;
  return [
    failed,
    ...(d.missing.length ? [`no check failed ${d.missing.join(', ')} (the suite is too weak)`] : []),
    ...(d.unexpected.length ? [`not declared: ${d.unexpected.join(', ')} (the suite is too strict)`] : []),
  ].join('; ');
};

export const renderText = (matrix: Matrix, context: RenderContext, load?: LoadMatrix): string => {
  const lines: string[] = [];
  const width = [
    8,
    ...matrix.mutants.map((m) => m.name.length),
    ...matrix.variants.map((v) => v.name.length),
    ...matrix.deployments.map((d) => d.name.length),
  ].reduce((most, n) => Math.max(most, n), Number.NEGATIVE_INFINITY);
  lines.push('Self-check: the conformance suite against the reference, its variants and its mutants');
  for (const note of context.notes) lines.push(`  · ${note}`);
  lines.push('');
  if (matrix.reference) {
    lines.push(
      `Reference: ${matrix.reference.verdict} (${matrix.reference.counts.passed} passed, ${matrix.reference.counts.failed} failed, ${matrix.reference.counts.skipped} skipped; ${answersText(matrix.reference.answers)})`,
    );
    for (const line of failureLines(matrix.reference, '    ')) lines.push(line);
    lines.push('');
  }
  lines.push(
    `Variants (conforming: every check must pass, every answer validate against the OpenAPI document)`,
  );
  for (const v of matrix.variants) {
    lines.push(
      `  ${v.verdict === 'passed' ? 'passed' : v.verdict.toUpperCase()}  ${v.name.padEnd(width)}  ${v.counts.passed} passed, ${v.counts.failed} failed, ${v.counts.skipped} skipped; ${answersText(v.answers)}`,
    );
    for (const line of failureLines(v, '      ')) lines.push(line);
  }
  lines.push('');
  if (matrix.deployments.length) {
    lines.push('Deployments (deviating from the spec as they document: exactly those rules must fail)');
    for (const d of matrix.deployments) {
      const label = d.verdict === 'as-declared' ? 'as declared' : d.verdict.toUpperCase();
      lines.push(`  ${label}  ${d.name.padEnd(width)}  ${deploymentText(d)}`);
      if (d.verdict !== 'as-declared')
        for (const f of d.failures)
          lines.push(`      ✗ [${f.project}] ${f.title}${f.error ? `\n          ${f.error}` : ''}`);
    }
    lines.push('');
  }
  lines.push(`Mutants (one rule broken: some check must fail, ideally one of the declared rules)`);
  for (const m of matrix.mutants) {
    const label = MUTANT_LABEL[m.verdict].padEnd(8);
    const answers = mutantAnswersText(m.answers);
    if (m.verdict === 'caught') {
      lines.push(`  ${label}  ${m.name.padEnd(width)}  by ${rulesText(m)}${answers ? `; ${answers}` : ''}`);
    } else if (m.verdict === 'weakly-caught') {
      lines.push(
        `  ${label}  ${m.name.padEnd(width)}  by ${rulesText(m)}; none of the declared ${m.catchingRules.join(', ')}${answers ? `; ${answers}` : ''}`,
      );
    } else if (m.verdict === 'not-established') {
      const first = m.unestablished?.[0];
      lines.push(
        `  ${label}  ${m.name.padEnd(width)}  no check failed; ${m.unestablished?.length ?? 0} of the declared ${m.catchingRules.join(', ')} inconclusive: ${first?.reason ?? ''}`,
      );
    } else if (m.verdict === 'survived') {
      lines.push(
        `  ${label}  ${m.name.padEnd(width)}  no check failed (${m.scope.split(':')[0]}); declared ${m.catchingRules.join(', ')}`,
      );
    } else {
      lines.push(`  ${label}  ${m.name.padEnd(width)}  ${m.problem ?? 'run error'}`);
    }
  }
  lines.push('');
  if (load) for (const line of [...renderLoadText(load), '']) lines.push(line);
  lines.push(
    "WEAK: caught only by checks of rules other than the mutant's declared catchingRules; reported, not a failure.",
  );
  lines.push(
    `Wall time ${duration(context.wallSeconds)}, ${context.concurrency} runs at a time. ${totalsLine(matrix)}${load ? `; ${loadTotalsLine(load)}` : ''}`,
  );
  return `${lines.join('\n')}\n`;
};

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const renderMarkdown = (matrix: Matrix, context: RenderContext, load?: LoadMatrix): string => {
  const out: string[] = [];
  out.push('# Self-check matrix', '');
  out.push(`**${totalsLine(matrix)}**`, '');
  if (load) out.push(`**${loadTotalsLine(load)}**`, '');
  out.push(`Wall time ${duration(context.wallSeconds)}, ${context.concurrency} runs at a time.`, '');
  if (context.timings) out.push(cell(phaseTimingLine(context.timings)), '');
  for (const note of context.notes) out.push(`- ${cell(note)}`);
  out.push('');
  out.push(
    'A mutant *weakly caught* was caught only by checks of rules it does not declare: it is reported, and does not fail the self-check. A surviving mutant, a failing variant or a failing reference does.',
    '',
  );
  out.push('## Reference and variants', '');
  out.push(
    '| server | verdict | passed | failed | skipped | seconds | answers (OpenAPI document) | failed checks and invalid answers |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const e of [...(matrix.reference ? [matrix.reference] : []), ...matrix.variants]) {
    const failed = [
      ...(e.problem ? [`run: ${e.problem}`] : []),
      ...e.failures.map((f) => `[${f.project}] ${f.title}${f.error ? ` (${f.error})` : ''}`),
      ...invalidAnswers(e).map((why) => `answer: ${why}`),
    ];
    out.push(
      `| ${e.kind === 'reference' ? '**reference**' : `\`${e.name}\``} | ${e.verdict} | ${e.counts.passed} | ${e.counts.failed} | ${e.counts.skipped} | ${e.seconds} | ${cell(answersText(e.answers))} | ${cell(failed.join('; ')) || ''} |`,
    );
  }
  if (matrix.deployments.length) {
    out.push('', '## Deployments', '');
    out.push(
      '| deployment | verdict | rules it deviates from | rules failed | failed checks |',
      '|---|---|---|---|---|',
    );
    for (const d of matrix.deployments) {
      const checks = d.failures.map((f) => `[${f.project}] ${f.title}`).join('; ');
      out.push(
        `| \`${d.name}\` | ${d.verdict} | ${d.expectedFailures.join(', ')} | ${cell(deploymentText(d))} | ${cell(checks)} |`,
      );
    }
  }
  out.push('', '## Mutants', '');
  out.push(
    '| mutant | verdict | caught by (rule × checks) | declared catching rules | checks run (project: stage) |',
    '|---|---|---|---|---|',
  );
  for (const m of matrix.mutants) {
    const answers = mutantAnswersText(m.answers);
    const by = `${m.verdict === 'error' ? (m.problem ?? '') : m.verdict === 'not-established' ? `inconclusive: ${m.unestablished?.[0]?.reason ?? ''}` : rulesText(m) || '—'}${answers ? `; ${answers}` : ''}`;
    out.push(
      `| \`${m.name}\` | ${m.verdict} | ${cell(by)} | ${m.catchingRules.join(', ')} | ${m.projects.join(' + ')}: ${cell(stagesText(m))} |`,
    );
  }
  if (load) for (const line of ['', ...renderLoadMarkdown(load)]) out.push(line);
  out.push('', '## Mutants: the checks that caught each', '');
  for (const m of matrix.mutants) {
    out.push(`### \`${m.name}\` (${m.verdict})`, '', cell(m.description), '');
    if (!m.caughtBy.length) out.push(m.problem ? `- run: ${m.problem}` : '- no check failed');
    for (const c of m.caughtBy) out.push(`- [${c.project}] ${cell(c.title)}`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
};
