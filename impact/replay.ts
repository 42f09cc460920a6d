/**
 * One replay of one tenant's traffic against one deployment, in the recorded order, paced within the
 * sandbox tenant's budget. A request the service never saw at the recording (an injected 429, a token
 * the recording layer refused) is not sent; one whose answer the recording layer replaced (a fault) is
 * sent, so that the state is the same, but its answer is not compared. A recorded 429 is never sent
 * again (that would need a burst): the deployment's own 429 stands for it (`throttled`).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { Pacer } from '../pacing/request-pacer.ts';
import { answerText } from '../utilities/http-body.ts';
import { type AnswerLike, parseJson } from './aspects.ts';
import { ReplayState, type SandboxTenant } from './replay-request.ts';
import type { TrafficExchange } from './traffic.ts';

export interface ReplayTarget {
  readonly baseUrl: string;
  readonly tenant: SandboxTenant;
  readonly pacer: Pacer;
  readonly timeoutMs: number;
  /** The deployment's own 429, or why it could not be had. */
  readonly throttled: () => Promise<AnswerLike | string>;
  /** Called at each request sent, for the budget's record. */
  readonly onSend?: () => void;
}

export interface Replay {
  /** The replayed answer of each compared exchange, by its seq. */
  readonly answers: ReadonlyMap<number, AnswerLike>;
  /** Why parts of the traffic could not be reproduced; the first fatal one ended the replay. */
  readonly problems: readonly string[];
}

/** A 429 from the sandbox tenant itself is waited out this often before the replay gives up. */
const THROTTLED_RETRIES = 3;

export const send = async (
  baseUrl: string,
  sent: { method: string; url: string; headers: Record<string, string>; body: string | undefined },
  timeoutMs: number,
): Promise<AnswerLike> => {
  const answer = await request(`${baseUrl}${sent.url}`, {
    method: sent.method as 'GET',
    headers: sent.headers,
    ...(sent.body === undefined ? {} : { body: sent.body }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return { status: answer.statusCode, headers, body: await answerText(answer) };
};

const uuidOf = (body: string): string | undefined => {
  const uuid = (parseJson(body) as { uuid?: unknown } | undefined)?.uuid;
  return typeof uuid === 'string' ? uuid : undefined;
};

/** Sends within the budget; a 429 of the sandbox tenant's own limit is waited out a few times. */
const sendPaced = async (target: ReplayTarget, sent: Parameters<typeof send>[1]): Promise<AnswerLike> => {
  for (let attempt = 0; ; attempt += 1) {
    await target.pacer.take();
    target.onSend?.();
    const answer = await send(target.baseUrl, sent, target.timeoutMs);
    if (answer.status !== 429 || attempt === THROTTLED_RETRIES) return answer;
    await sleep(1000 * 2 ** attempt);
  }
};

type Step = { readonly answer?: AnswerLike; readonly problem?: string; readonly fatal?: boolean };

const replayOne = async (
  exchange: TrafficExchange,
  state: ReplayState,
  target: ReplayTarget,
): Promise<Step> => {
  if (exchange.status === 429) {
    const throttled = await target.throttled();
    return typeof throttled === 'string'
      ? { problem: `request ${exchange.seq} met a 429, and ${throttled}` }
      : { answer: throttled };
  }
  if (!exchange.forwarded) return {};
  const rewritten = state.rewrite(exchange);
  if (!rewritten.ok) return { problem: rewritten.reason, fatal: true };
  let answer: AnswerLike;
  try {
    answer = await sendPaced(target, rewritten.request);
  } catch (error) {
    const why = (error as Error).message.split('\n')[0];
    return {
      problem: `the deployment did not answer request ${exchange.seq} (${exchange.method}): ${why}`,
      fatal: true,
    };
  }
  if (answer.status === 429)
    return {
      problem: `the sandbox tenant ${target.tenant.name} stayed throttled at request ${exchange.seq}`,
      fatal: true,
    };
  const recordedUuid =
    exchange.method === 'POST' && exchange.status === 201 ? uuidOf(exchange.responseBody) : undefined;
  const replayedUuid = answer.status >= 200 && answer.status < 300 ? uuidOf(answer.body) : undefined;
  if (recordedUuid && replayedUuid) state.learnUuid(recordedUuid, replayedUuid);
  else if (recordedUuid)
    state.learnNotCreated(
      recordedUuid,
      `created by request ${exchange.seq}, which the deployment answered ${answer.status} with no uuid`,
    );
  // The recording layer's fault replaced the service's answer, or none came: nothing to compare.
  return exchange.fault === undefined && exchange.status > 0 ? { answer } : {};
};

export const replayTenant = async (
  exchanges: readonly TrafficExchange[],
  recordedClientId: string | undefined,
  target: ReplayTarget,
): Promise<Replay> => {
  const state = new ReplayState(recordedClientId, target.tenant, `imp${randomUUID().slice(0, 8)}`);
  const answers = new Map<number, AnswerLike>();
  const problems: string[] = [];
  for (const exchange of exchanges) {
    const step = await replayOne(exchange, state, target);
    if (step.answer) answers.set(exchange.seq, step.answer);
    if (step.problem) problems.push(step.problem);
    if (step.fatal) break;
  }
  return { answers, problems };
};
