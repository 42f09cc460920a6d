/**
 * A simulated network round trip, to rehearse a remote run on one machine: every answer takes a latency
 * drawn uniformly in [minMs, maxMs], half of it before the request is handled (as if it were still on
 * its way) and the rest before the answer leaves.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SimulatedLatency {
  readonly minMs: number;
  readonly maxMs: number;
}

type DelayedRequest = FastifyRequest & { answerDelayMs: number };

export const registerSimulatedLatency = (
  app: FastifyInstance,
  latency: SimulatedLatency,
  random: () => number = Math.random,
): void => {
  const { minMs, maxMs } = latency;
  app.decorateRequest('answerDelayMs', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    const roundTripMs = minMs + random() * (maxMs - minMs);
    (request as DelayedRequest).answerDelayMs = roundTripMs / 2;
    setTimeout(done, roundTripMs / 2);
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    setTimeout(() => done(null, payload), (request as DelayedRequest).answerDelayMs);
  });
};
