/**
 * Kit tests of how RATE-LIMIT-PER-TENANT sends tenant A's request inside the throttled tenant's stream
 * (throttled-stream.ts): the stream is under way before the request leaves and goes on until it has
 * answered; only the answers that came after it left are kept as possibly overlapping it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import type { SendOptions, ServiceClient, ServiceResponse } from '../transport/service-client.ts';
import { askDuringStream } from './throttled-stream.ts';

const LIMIT = { requestsPerWindow: 2, windowSeconds: 1 };

const answer = (status: number): ServiceResponse =>
  ({ status, headers: {}, text: '{}', json: {}, exchange: undefined }) as unknown as ServiceResponse;

/** A throttled tenant: every request answered 429 a moment after it came. */
const throttledClient = () => {
  let received = 0;
  const client = {
    send: async (_options: SendOptions): Promise<ServiceResponse> => {
      received += 1;
      await sleep(1);
      return answer(429);
    },
  } as unknown as ServiceClient;
  return { client, received: () => received };
};

const post = (): SendOptions => ({ method: 'POST', path: '/x', json: {} });

test('THROTTLED-STREAM: the other request is answered inside the stream, which ends once it has', async () => {
  const { client, received } = throttledClient();
  const asked = await askDuringStream(client, LIMIT, post, async () => {
    await sleep(30);
    return 'answered';
  });
  expect(asked.answer).toBe('answered');
  expect(asked.inFlight.to).toBeGreaterThan(asked.inFlight.from);
  // The stream went on past the request: some of its answers came while it was in flight or after.
  expect(asked.late.length).toBeGreaterThan(0);
  // One expect for them all (an expect a late answer, each a reported step, was hundreds).
  expect(asked.late.filter((late) => late.answeredAt < asked.inFlight.from)).toEqual([]);
  expect(asked.streamed.count).toBe(received());
  expect(asked.streamed.count).toBeGreaterThan(asked.late.length);
  // Ended: nothing more is sent once the stream's promise has settled.
  const after = received();
  await sleep(20);
  expect(received()).toBe(after);
});

test('THROTTLED-STREAM: a request that fails fails the same way, once the stream has ended', async () => {
  const { client, received } = throttledClient();
  const failure = new Error('no answer');
  await expect(
    askDuringStream(client, LIMIT, post, async () => {
      await sleep(10);
      throw failure;
    }),
  ).rejects.toBe(failure);
  const after = received();
  await sleep(20);
  expect(received()).toBe(after);
});
