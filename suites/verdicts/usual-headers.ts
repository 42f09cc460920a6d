/**
 * A check's step after a valid PUT sent under other headers than the tenant's usual ones (another
 * spelling of X-Client-Id the deployment takes as the tenant, the headers named in another letter case)
 * was refused cleanly: the event must read as it was, and the same PUT under the usual headers tells a
 * reading (refused there too) from a fault (applied there), by `compare` (oracle/update.ts
 * judgeUpdateUnderOtherHeaders). The checks of both share it, so that a refusal is judged the same way.
 */
import { type Judgement, judgeUnchangedByRefusedUpdate, type UpdateOutcome } from '../../oracle/index.ts';
import type { ServiceClient } from '../transport/service-client.ts';
import { check } from './verdicts.ts';

export const sameUpdateUnderUsualHeaders = async (
  client: Pick<ServiceClient, 'retrieve' | 'update'>,
  uuid: string,
  stored: object,
  changed: object,
  compare: (own: UpdateOutcome) => Judgement,
): Promise<void> => {
  check.sameEvent(await client.retrieve(uuid), stored, judgeUnchangedByRefusedUpdate);
  const own = check.update(await client.update(uuid, changed));
  check.verdict(compare(own));
};
