/**
 * Every answer of a conforming server's whole run, validated against the kit's OpenAPI document: the
 * run's embedded reference server records its answers (KIT_EMBEDDED_ANSWERS_FILE, one JSON line each,
 * reference/answer-log.ts) and the self-check hands the file to the document's response validator
 * (openapi/response-validator.ts). A conforming server answers only what the document allows, so one
 * invalid answer fails its row, as a failed check does.
 *
 * The mutants whose answers have the wrong shape (openapi/wrong-shape-mutants.ts) are recorded too, and
 * the other way round: some answer of theirs must be refused. A deployment's answers are not validated:
 * it deviates from the spec as it documents (a third `type`, a listing, other token prefixes), so the
 * spec's document is not its contract; nor are other mutants' (one broken rule need not show in a shape).
 */
import { existsSync, readFileSync } from 'node:fs';
import {
  type AnsweredExchange,
  type ResponseValidator,
  responseValidator,
  ValidatorMissingError,
} from '../openapi/response-validator.ts';
import { WRONG_SHAPE_MUTANTS } from '../openapi/wrong-shape-mutants.ts';
import { eachInTurn, slicesOf } from '../utilities/event-loop-turns.ts';
import type { ServerUnderTest } from './plan.ts';

/** The file, in the run's output folder, its server appends every answer to. */
export const ANSWERS_FILE_NAME = 'answers.jsonl';

/** How many invalid answers a row names. */
export const NAMED_INVALID_ANSWERS = 3;

export type AnswersCheck =
  | {
      readonly outcome: 'validated';
      /** Answers of the document's operations that validate. */
      readonly valid: number;
      /** Answers to requests the document has no operation for (other routes and methods). */
      readonly outside: number;
      readonly invalidCount: number;
      /** The first few invalid answers, each with why. */
      readonly invalid: readonly string[];
    }
  /** The validator is not installed: said once, and the row is judged on its checks alone. */
  | { readonly outcome: 'not validated'; readonly reason: string }
  /** The run recorded nothing readable: the row proves nothing about its answers. */
  | { readonly outcome: 'unreadable'; readonly reason: string };

/**
 * The runs whose answers are recorded and validated: the conforming ones (every answer must validate),
 * and the mutants whose answers have the wrong shape (some answer must be refused).
 */
export const answersValidated = (server: Pick<ServerUnderTest, 'kind' | 'name'>): boolean =>
  server.kind === 'reference' ||
  server.kind === 'variant' ||
  (server.kind === 'mutant' && WRONG_SHAPE_MUTANTS.includes(server.name));

/**
 * A wrong-shape mutant's answers: refused when some answer is invalid; undefined when there is nothing
 * to judge (no check, or the validator is not installed); not refused otherwise, including answers that
 * could not be read.
 */
export const mutantAnswersRefused = (check: AnswersCheck | undefined): boolean | undefined => {
  if (check === undefined || check.outcome === 'not validated') return undefined;
  return check.outcome === 'validated' && check.invalidCount > 0;
};

/** The recorded answers, or why there are none. */
export const readAnswers = (file: string): AnsweredExchange[] | string => {
  if (!existsSync(file)) return 'the run recorded no answers';
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  if (lines.length === 0) return 'the run recorded no answers';
  const answers: AnsweredExchange[] = [];
  for (const [index, line] of lines.entries()) {
    try {
      const { method, path, status, body } = JSON.parse(line) as Record<string, unknown>;
      if (typeof method !== 'string' || typeof path !== 'string' || typeof status !== 'number')
        throw new Error('not an answer');
      answers.push({ method, path, status, body: typeof body === 'string' ? body : '' });
    } catch {
      return `line ${index + 1} of ${file} is not a recorded answer`;
    }
  }
  return answers;
};

/**
 * Answers judged in one turn of the event loop. The self-check's process also serves deployments (the
 * batch's servers, the fault rows' reference server and proxy): a whole run's five thousand answers
 * in one go are a few hundred milliseconds of this process (more on a busy machine, and the first
 * run's more as each operation's schemas compile), during which those servers answer nothing. A few
 * hundred take milliseconds.
 */
export const ANSWERS_PER_TURN = 250;

/** The judgement of a run's answers, given the validator, a slice at a time. */
export const checkAnswers = async (
  answers: readonly AnsweredExchange[] | string,
  validator: Pick<ResponseValidator, 'tally'>,
): Promise<AnswersCheck> => {
  if (typeof answers === 'string') return { outcome: 'unreadable', reason: answers };
  const tallies = await eachInTurn(slicesOf(answers, ANSWERS_PER_TURN), (slice) => validator.tally(slice));
  const valid = tallies.reduce((sum, tally) => sum + tally.valid, 0);
  const outside = tallies.reduce((sum, tally) => sum + tally.outside, 0);
  const invalid = tallies.flatMap((tally) => tally.invalid);
  return {
    outcome: 'validated',
    valid,
    outside,
    invalidCount: invalid.length,
    invalid: invalid.slice(0, NAMED_INVALID_ANSWERS),
  };
};

/**
 * The most answers outside the document's operations a conforming run may record, as a share of those
 * it judged. A whole run's probes of other routes and methods are a few in a hundred (the listing
 * variants about one in six); a run whose requests mostly missed the document's paths would pass its
 * row while judging little. The bound is wide so that no conforming reading of a gap, however many
 * added routes it probes, comes near it.
 */
export const MOST_OUTSIDE_SHARE = 1;

/** Why a conforming run's validated answers prove too little (mostly outside the document), if they do. */
export const answersTooFewJudged = (check: AnswersCheck | undefined): string | undefined => {
  if (check?.outcome !== 'validated') return undefined;
  const judged = check.valid + check.invalidCount;
  if (judged > 0 && check.outside <= judged * MOST_OUTSIDE_SHARE) return undefined;
  return `answers: ${check.outside} outside the OpenAPI document's operations beside ${judged} judged, too few to prove the run's answers`;
};

let shared: Promise<ResponseValidator> | undefined;

/** The document's validator, built once for the whole self-check. */
const sharedValidator = (): Promise<ResponseValidator> => {
  shared ??= responseValidator();
  return shared;
};

/**
 * Builds the validator before any row starts: loading and preparing the document takes a second or two
 * of this process's time, which must not fall while it serves a deployment or a load row's server. A
 * validator that cannot be built is said when a row's answers are validated.
 */
export const prepareAnswersValidator = async (): Promise<void> => {
  await sharedValidator().catch(() => undefined);
};

/** Validates one run's recorded answers (a kit test hands its own validator). */
export const validateAnswers = async (
  file: string,
  validator: Promise<Pick<ResponseValidator, 'tally'>> = sharedValidator(),
): Promise<AnswersCheck> => {
  try {
    return await checkAnswers(readAnswers(file), await validator);
  } catch (error) {
    if (error instanceof ValidatorMissingError)
      return { outcome: 'not validated', reason: `answers not validated: ${error.message}` };
    throw error;
  }
};

/** The row's answers in a few words, for the matrix. */
export const answersText = (check: AnswersCheck | undefined): string => {
  if (check === undefined) return 'answers not recorded';
  if (check.outcome === 'not validated') return 'answers not validated (validator not installed)';
  if (check.outcome === 'unreadable') return `ANSWERS UNREADABLE: ${check.reason}`;
  const judged = check.valid + check.invalidCount;
  const outside = check.outside ? `, ${check.outside} outside its operations` : '';
  return check.invalidCount
    ? `ANSWERS: ${check.invalidCount} of ${judged} invalid against the OpenAPI document${outside}`
    : `answers: ${check.valid} valid against the OpenAPI document${outside}`;
};

/** A wrong-shape mutant's answers in a few words, for the matrix ('' when not judged). */
export const mutantAnswersText = (check: AnswersCheck | undefined): string => {
  const refused = mutantAnswersRefused(check);
  if (refused === undefined || check === undefined) return '';
  if (check.outcome === 'unreadable') return `ANSWERS UNREADABLE: ${check.reason}`;
  if (check.outcome !== 'validated') return '';
  const judged = check.valid + check.invalidCount;
  return refused
    ? `${check.invalidCount} of ${judged} answers refused by the OpenAPI document`
    : `ANSWERS NOT REFUSED: all ${judged} validate against the OpenAPI document, whose shapes this mutant breaks`;
};
