/**
 * The body of a POST or PUT: read only as application/json (GAP-CONTENT-TYPE), at most BODY_LIMIT_BYTES
 * (GAP-FIELD-LIMITS), parsed with the plain JSON.parse, nested no deeper than MAX_BODY_DEPTH, and a JSON
 * object. Bodies of paths or methods the service does not have are not read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReferenceBehaviour } from '../behaviour.ts';
import { REFERENCE_CODES } from '../codes.ts';
import type { ServerContext } from '../context.ts';
import { depthOf, isJsonObject, type JsonObject, MAX_BODY_DEPTH } from '../json.ts';
import { type HttpProblem, problem, referenceProblem } from '../problem.ts';

/** GAP-FIELD-LIMITS: the largest body accepted. A valid event is well under 4 KiB. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export interface RequestBodyHooks {
  /** GAP-MALFORMED-JSON: what a body that is not JSON raises (an HttpProblem is answered as it is). */
  malformedJsonAnswer(behaviour: ReferenceBehaviour): Error;
  /** The answer to a JSON body that is not an object; undefined lets it through to validation. */
  nonObjectBodyAnswer(): HttpProblem | undefined;
}

export const REQUEST_BODY_HOOKS: RequestBodyHooks = Object.freeze({
  malformedJsonAnswer: (behaviour: ReferenceBehaviour) =>
    problem(
      behaviour.malformedJson.status,
      behaviour.malformedJson.errorCode,
      REFERENCE_CODES.malformedJson.title,
    ),
  nonObjectBodyAnswer: () => referenceProblem('bodyNotObject'),
});

export const registerJsonBodyParser = (app: FastifyInstance, ctx: ServerContext): void => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    // A path or method the service does not have answers 404 whatever its body.
    if (request.is404) {
      done(null, undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw as string);
    } catch {
      done(ctx.hooks.malformedJsonAnswer(ctx.behaviour), undefined);
      return;
    }
    if (depthOf(parsed, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
      done(referenceProblem('bodyTooDeep'), undefined);
      return;
    }
    done(null, parsed);
  });
};

/** The body of a POST or PUT, once it is known to be a JSON object. */
export const eventBodyOf = (request: FastifyRequest, ctx: ServerContext): JsonObject => {
  // No Content-Type and no body: Fastify skips parsing, so the missing media type is caught here.
  if (request.body === undefined) throw referenceProblem('unsupportedContentType');
  if (!isJsonObject(request.body)) {
    const answer = ctx.hooks.nonObjectBodyAnswer();
    if (answer) throw answer;
  }
  return request.body as JsonObject;
};
