/**
 * The verdict of a body with faults, structural ones (generators/faults/structure.ts) or literal forms
 * of its numbers: the oracle's judgement
 * of the POST, and, when the body was created because its every fault was only a reading, of the GET
 * that must show the event sent, the read positions holding what was sent or its coerced spelling.
 * One judgement for the fixed sweep and the property alike.
 */
import type { AppliedFault, InvalidEventSample } from '../../generators/index.ts';
import {
  isSuccess,
  judgeReadingsKept,
  judgeRetrieval,
  judgeUuidToReadBack,
  judgeValidationFailure,
  type Violation,
} from '../../oracle/index.ts';
import type { ServiceResponse } from '../transport/service-client.ts';
import { withSentPayload } from './checks.ts';

export interface StructuralOutcome {
  readonly violations: readonly Violation[];
  /** The exchange the violations are about. */
  readonly response: ServiceResponse;
  /** What the target did with the body, for the observation: `created; amount "12.50" kept as 12.5`. */
  readonly reading: string;
}

const readings = (sample: InvalidEventSample<AppliedFault>): readonly AppliedFault[] =>
  sample.faults.filter((fault) => fault.expected.readingOf !== undefined);

/** Reads back a created event: `retrieve` is called only when the POST created one. */
export const judgeStructuralAnswer = async (
  sample: InvalidEventSample<AppliedFault>,
  answer: ServiceResponse | Promise<ServiceResponse>,
  retrieve: (uuid: string) => Promise<ServiceResponse>,
): Promise<StructuralOutcome> => {
  const response = await answer;
  const judgement = judgeValidationFailure(response, sample.expected.errors, withSentPayload(response));
  const uuid = (response.json as { uuid?: unknown } | undefined)?.uuid;
  const created = isSuccess(response.status) && judgement.violations.length === 0;
  if (!created || typeof uuid !== 'string') {
    const codes = judgement.evidence?.body?.errors.map((e) => `${e.field} ${e.errorCode}`).join(', ');
    return {
      violations: created ? judgeUuidToReadBack(response).violations : judgement.violations,
      response,
      reading: `${response.status}${codes ? `: ${codes}` : ''}`,
    };
  }
  const read = readings(sample);
  const got = await retrieve(uuid);
  const retrieval = judgeRetrieval(got, sample.event as Record<string, unknown>, {
    readings: read.map((fault) => fault.field),
  });
  const values = retrieval.evidence?.readValues ?? {};
  // Only a field set to a value, and only when the event was read back at all, can be compared.
  const compared = read.flatMap((fault) => {
    const sent = fault.operations.at(-1);
    return sent?.op === 'set' && retrieval.evidence?.event !== undefined
      ? [{ description: fault.description, field: fault.field, sent: sent.value, got: values[fault.field] }]
      : [];
  });
  return {
    violations: [...retrieval.violations, ...judgeReadingsKept(compared).violations],
    response: got,
    reading: `created; ${read.map((fault) => `${fault.description} kept as ${JSON.stringify(values[fault.field]) ?? '(absent)'}`).join(', ')}`,
  };
};
