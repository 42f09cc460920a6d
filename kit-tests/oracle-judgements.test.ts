/**
 * Every exported `judge…` of the oracle returns a Judgement and is named in a kit test; none anywhere
 * returns bare violations (oracle-judgements.ts, read with the compiler). A throwaway project proves
 * the guard finds each kind.
 */
import { fileURLToPath } from 'node:url';
import { judgementBreaches } from './oracle-judgements.ts';
import { expect, test } from './test-support/kit-test.ts';
import { withThrowawayProject } from './test-support/throwaway-project.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

test('JUDGEMENTS: every exported judge… of the oracle returns a Judgement and is named in a kit test; none returns Violation[]', () => {
  expect(judgementBreaches(ROOT)).toEqual([]);
});

test('JUDGEMENTS: a judge… returning violations or another shape, or named only in a comment of a test, is found', () => {
  const files = {
    'oracle/judgement.ts': [
      'export interface Violation { rule: string }',
      'export interface Judgement<E = undefined> { violations: Violation[]; evidence?: E }',
    ].join('\n'),
    'oracle/claims.ts': [
      "import type { Judgement, Violation } from './judgement.ts';",
      'export const judgeHeld = (): Judgement => ({ violations: [] });',
      'export function judgeWithEvidence(): Judgement<number> { return { violations: [], evidence: 1 }; }',
      'export const judgeBare = (): Violation[] => [];',
      'export const judgeOther = (): boolean => true;',
      'export type BurstJudgement = Judgement<string>;',
      "export const judgeAliased = (): BurstJudgement => ({ violations: [], evidence: 'e' });",
      'export const judgeUntested = (): Judgement => ({ violations: [] });',
      'export const heldViolations = (): Violation[] => [];',
      'const judgeInternal = (): Violation[] => [];',
      'export const internal = judgeInternal;',
    ].join('\n'),
    'oracle/claims.test.ts': [
      "import { judgeAliased, judgeBare, judgeHeld, judgeOther, judgeWithEvidence } from './claims.ts';",
      '// judgeUntested is only named here, in a comment',
      "export const all = [judgeAliased, judgeBare, judgeHeld, judgeOther, judgeWithEvidence, 'judgeUntested'];",
    ].join('\n'),
    'suites/helper.ts': [
      "import type { Violation } from '../oracle/judgement.ts';",
      'export const judgeOutside = (): readonly Violation[] => [];',
      'export const judgeElsewhere = async (): Promise<boolean> => true;',
    ].join('\n'),
  };
  const found = withThrowawayProject(files, (folder) =>
    judgementBreaches(folder).map((breach) => `${breach.file} ${breach.name} ${breach.what}`),
  );
  expect(found.sort()).toEqual([
    'oracle/claims.ts judgeBare returns Violation[]: name it for the part of a judgement it is (…Violations)',
    'oracle/claims.ts judgeOther returns boolean, not a Judgement',
    'oracle/claims.ts judgeUntested is named in no kit test',
    'suites/helper.ts judgeOutside returns readonly Violation[]: name it for the part of a judgement it is (…Violations)',
  ]);
});
