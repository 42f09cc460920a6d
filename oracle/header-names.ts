/**
 * Part 5's headers under names in another letter case (as HTTP/2 sends every name, in lower case):
 * HTTP's header names are case-insensitive, so the request is the tenant's own and is judged as such.
 * A refusal saying a header is absent or wrong breaks that header's rule, whatever the method: a
 * lookup by the spec's spelling alone (a raw header map, a route of its own for writes) finds no token,
 * or no tenant, where both were sent.
 */
import type { RuleId } from '../spec/index.ts';
import { judgeCreation } from './creation.ts';
import { readErrorBody } from './error-body.ts';
import type { HttpAnswer } from './http-answer.ts';
import { type Judgement, judgementOf } from './judgement.ts';
import { judgeUnknownEventRefused } from './stated-refusals.ts';
import { judgeUpdate, judgeUpdateUnderOtherHeaders, type UpdateJudge, type UpdateOutcome } from './update.ts';
import { violationOf } from './violation.ts';

/** The part 5 refusals that say a header is absent or wrong, by their code: each its header's rule. */
const HEADER_REFUSAL_RULES: Readonly<Record<string, RuleId>> = {
  'ERR-1001': 'AUTH-TOKEN-MISSING',
  'ERR-1002': 'AUTH-TOKEN-INVALID',
  'ERR-2001': 'TENANT-HEADER-MISSING',
  'ERR-2002': 'TENANT-HEADER-NOT-UUID',
};

/** The answer judged as the tenant's own request, unless it is a refusal of one of its headers. */
const whateverTheHeaderCase =
  <E>(asTheTenants: (answer: HttpAnswer) => Judgement<E>) =>
  (answer: HttpAnswer): Judgement<E> => {
    const code = readErrorBody(answer)?.errorCode;
    const rule = code === undefined ? undefined : HEADER_REFUSAL_RULES[code];
    if (rule === undefined) return asTheTenants(answer);
    return judgementOf<E>([
      violationOf(
        rule,
        `a request carrying the tenant's headers under names in another letter case was refused with ${code}: header names are case-insensitive in HTTP`,
      ),
    ]);
  };

/** A GET of a uuid the tenant has no event under: 404 ERR-4002. */
export const judgeUnknownEventRefusedWhateverTheHeaderCase = whateverTheHeaderCase(judgeUnknownEventRefused);

/** A POST of a valid event: 201 with its uuid. */
export const judgeCreationWhateverTheHeaderCase = whateverTheHeaderCase(judgeCreation);

/** A PUT of a valid body on the tenant's event: applied, or refused cleanly (UPDATE-APPLIES). */
export const judgeUpdateWhateverTheHeaderCase: UpdateJudge = whateverTheHeaderCase(judgeUpdate);

/** The comparison for the tenant's three headers named otherwise (update.ts). */
export const judgeUpdateUnderHeaderNames = (names: string, own: UpdateOutcome): Judgement =>
  judgeUpdateUnderOtherHeaders(
    {
      sent: `the tenant's headers named ${names}`,
      usual: 'them named as the spec spells them',
      why: 'header names are case-insensitive in HTTP',
      either: "whatever its headers' names",
    },
    own,
  );
