/**
 * A deployment's own 429, for comparing with the 429s a tenant met: the target contract's rate-limit
 * tenant (RATE_LIMIT_*) sends GETs that create nothing until it is throttled, at most twice its limit
 * and a few more, as the conformance run's rate-limit checks do. Each draw is made once and shared by
 * every replay that asks for it (the baseline's two replays draw two).
 */
import { randomUUID } from 'node:crypto';
import type { RateLimitSettings } from '../config/index.ts';
import { TENANT_VARIABLES } from '../contract/index.ts';
import { eventPath } from '../spec/index.ts';
import type { AnswerLike } from './aspects.ts';
import { send } from './replay.ts';
import type { SandboxTenant } from './replay-request.ts';

/** Requests past twice the limit that may still not be throttled (the window moved on). */
const EXTRA_REQUESTS = 10;

export interface ThrottleSampler {
  draw(index: number): Promise<AnswerLike | string>;
}

const provoke = async (
  baseUrl: string,
  tenant: SandboxTenant,
  limit: RateLimitSettings,
  timeoutMs: number,
): Promise<AnswerLike | string> => {
  const most = limit.requestsPerWindow * 2 + EXTRA_REQUESTS;
  const headers = {
    'x-client-id': tenant.clientId,
    'x-access-token': tenant.accessToken,
    'content-type': 'application/json',
  };
  try {
    for (let sent = 0; sent < most; sent += 1) {
      const answer = await send(
        baseUrl,
        { method: 'GET', url: eventPath(randomUUID()), headers, body: undefined },
        timeoutMs,
      );
      if (answer.status === 429) return answer;
    }
  } catch (error) {
    return `the deployment did not answer the rate-limit tenant (${(error as Error).message.split('\n')[0]})`;
  }
  return `the rate-limit tenant was not throttled after ${most} requests (limit ${limit.requestsPerWindow} per ${limit.windowSeconds} s)`;
};

export const throttleSampler = (
  baseUrl: string,
  tenant: SandboxTenant | undefined,
  limit: RateLimitSettings,
  timeoutMs: number,
): ThrottleSampler => {
  const draws = new Map<number, Promise<AnswerLike | string>>();
  return {
    draw: (index) => {
      if (!tenant)
        return Promise.resolve(
          `no rate-limit tenant (${TENANT_VARIABLES.RATE_LIMIT.clientId}) is named in the target contract to provoke one`,
        );
      let drawn = draws.get(index);
      if (!drawn) {
        drawn = provoke(baseUrl, tenant, limit, timeoutMs);
        draws.set(index, drawn);
      }
      return drawn;
    },
  };
};
