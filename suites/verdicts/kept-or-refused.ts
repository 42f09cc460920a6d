/**
 * A check's step where a gap lets a deployment keep an event or refuse it: created, the event read
 * back must be the one the check says was kept (every field the same, by the retrieval's judgement);
 * refused, the answer must be a clean answer of a gap (the part 7 body, and no claim of a stated
 * rule the request does not break). The checks of the gaps, of creation and of deduplication share it,
 * so that a created event is always read back and a refusal always judged the same way.
 */
import {
  type GapAnswerOptions,
  isSuccess,
  type RetrievalEvidence,
  type RetrievalOptions,
} from '../../oracle/index.ts';
import type { ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { check } from './verdicts.ts';

/**
 * Judges the answer of a POST: `kept` is what the read must show (the event sent, or less where the
 * check sent more than an event), `refusal` what a refusal is checked for. Returns what the read
 * showed, or undefined when the deployment refused the event.
 */
export const keptOrRefusedCleanly = async (
  client: Pick<ServiceClient, 'retrieve'>,
  created: ServiceResponse,
  kept: object,
  refusal: GapAnswerOptions,
  retrieval?: RetrievalOptions,
): Promise<RetrievalEvidence | undefined> => {
  if (!isSuccess(created.status)) {
    check.gapAnswer(created, refusal);
    return undefined;
  }
  return check.sameEvent(await client.retrieve(check.created(created)), kept, undefined, retrieval);
};
