/** The self-check timed (`fei-kit self-check`, wall time), with the median time of one server from its matrix. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { envFor, folderOf } from './bench-runs.ts';
import { median, type SelfCheckFigure } from './kit-figures.ts';
import { timedRun } from './timed-run.ts';

const matrixSchema = z.object({
  wallSeconds: z.number(),
  reference: z.object({ seconds: z.number() }).optional(),
  variants: z.array(z.object({ seconds: z.number() })),
  mutants: z.array(z.object({ seconds: z.number() })),
  totals: z.object({
    mutants: z.object({
      total: z.number(),
      caught: z.number(),
      weaklyCaught: z.number(),
      notEstablished: z.number().optional(),
      survived: z.number(),
    }),
    variants: z.object({ total: z.number(), passed: z.number() }),
    reference: z.string(),
  }),
});

export const measureSelfCheck = async (root: string, only: string | undefined): Promise<SelfCheckFigure> => {
  const folder = folderOf(root, 'self-check');
  const run = await timedRun(
    ['self-check', ...(only ? ['--only', only] : [])],
    envFor(folder),
    join(folder, 'self-check.log'),
  );
  let matrix: z.infer<typeof matrixSchema>;
  try {
    matrix = matrixSchema.parse(JSON.parse(readFileSync(join(folder, 'self-check', 'matrix.json'), 'utf8')));
  } catch {
    throw new Error(
      `the self-check wrote no readable matrix (exit ${run.code}); see ${join(folder, 'self-check.log')}`,
    );
  }
  const conforming = [...(matrix.reference ? [matrix.reference] : []), ...matrix.variants];
  const { mutants, variants, reference } = matrix.totals;
  return {
    seconds: run.seconds,
    code: run.code,
    servers: conforming.length + matrix.mutants.length,
    medianSeconds: {
      conforming: median(conforming.map((r) => r.seconds)),
      mutant: median(matrix.mutants.map((m) => m.seconds)),
    },
    summary: `reference ${reference}, ${variants.passed}/${variants.total} variants passed, ${mutants.caught + mutants.weaklyCaught}/${mutants.total} mutants caught${mutants.notEstablished ? ` (${mutants.notEstablished} not established)` : ''}`,
  };
};
