/**
 * The body of a POST or PUT: read only as application/json (GAP-CONTENT-TYPE, and the behaviour's other
 * readings: 415, a body taken as empty, any media type parsed as JSON), at most behaviour.bodyLimit
 * (GAP-FIELD-LIMITS), parsed with the plain JSON.parse, nested no deeper than MAX_BODY_DEPTH, and a
 * JSON object. Bodies of paths or methods the service does not have are not read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

type ParserDone = (error: Error | null, body?: unknown) => void;

import { DEFAULT_BEHAVIOUR, type ReferenceBehaviour } from '../behaviour.ts';
import { REFERENCE_CODES } from '../codes.ts';
import type { ServerContext } from '../context.ts';
import { depthOf, isJsonObject, type JsonObject, MAX_BODY_DEPTH } from '../json.ts';
import { type HttpProblem, problem, referenceProblem } from '../problem.ts';

/** GAP-FIELD-LIMITS: the largest body the reference accepts. A valid event is well under 4 KiB. */
export const BODY_LIMIT_BYTES = DEFAULT_BEHAVIOUR.bodyLimit.maxBytes;

export interface RequestBodyHooks {
  /** How a body's text becomes JSON values (a throw is a body that is not JSON). */
  parseJson(text: string): unknown;
  /**
   * GAP-MALFORMED-JSON: what a body that is not JSON raises (an HttpProblem is answered as it is), for
   * a request of this method.
   */
  malformedJsonAnswer(behaviour: ReferenceBehaviour, method: string): Error;
  /** The answer to a JSON body that is not an object; undefined lets it through to validation. */
  nonObjectBodyAnswer(behaviour: ReferenceBehaviour): HttpProblem | undefined;
}

declare module '../context.ts' {
  interface ReferenceHooks extends RequestBodyHooks {}
}

export const REQUEST_BODY_HOOKS: RequestBodyHooks = Object.freeze({
  parseJson: (text: string) => JSON.parse(text) as unknown,
  malformedJsonAnswer: (behaviour: ReferenceBehaviour) =>
    problem(
      behaviour.malformedJson.status,
      behaviour.malformedJson.errorCode,
      REFERENCE_CODES.malformedJson.title,
    ),
  nonObjectBodyAnswer: (behaviour: ReferenceBehaviour) =>
    problem(
      behaviour.nonObjectBody.status,
      behaviour.nonObjectBody.errorCode,
      REFERENCE_CODES.bodyNotObject.title,
    ),
});

/** GAP-CONTENT-TYPE: a POST or PUT whose Content-Type is missing or not application/json. */
export const unsupportedContentType = (behaviour: ReferenceBehaviour): HttpProblem => {
  const { code, title } = REFERENCE_CODES.unsupportedContentType;
  return problem(behaviour.contentType === 'required-415' ? 415 : 400, code, title);
};

export const registerJsonBodyParser = (app: FastifyInstance, ctx: ServerContext): void => {
  const parseJson = (request: FastifyRequest, raw: string | Buffer, done: ParserDone): void => {
    // A path or method the service does not have answers 404 whatever its body.
    if (request.is404) {
      done(null, undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = ctx.hooks.parseJson(raw as string);
    } catch {
      done(ctx.hooks.malformedJsonAnswer(ctx.behaviour, request.method), undefined);
      return;
    }
    if (depthOf(parsed, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
      done(referenceProblem('bodyTooDeep'), undefined);
      return;
    }
    done(null, parsed);
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);
  switch (ctx.behaviour.contentType) {
    case 'parse-any':
      // Any media type, and none, is read as JSON.
      app.addContentTypeParser('*', { parseAs: 'string' }, parseJson);
      break;
    case 'treated-as-empty':
      // As Express's express.json() does: a body of another media type is not read, so it is empty.
      app.addContentTypeParser('*', { parseAs: 'string' }, (request, _raw, done) => {
        done(null, request.is404 ? undefined : {});
      });
      break;
    case 'required-400':
    case 'required-415':
      break;
  }
};

/** The body of a POST or PUT, once it is known to be a JSON object. */
export const eventBodyOf = (request: FastifyRequest, ctx: ServerContext): JsonObject => {
  // No Content-Type and no body: Fastify skips parsing, so the missing media type is judged here.
  if (request.body === undefined) {
    switch (ctx.behaviour.contentType) {
      case 'treated-as-empty':
        return {};
      case 'parse-any':
        throw ctx.hooks.malformedJsonAnswer(ctx.behaviour, request.method); // an empty body is not JSON
      default:
        throw unsupportedContentType(ctx.behaviour);
    }
  }
  if (!isJsonObject(request.body)) {
    const answer = ctx.hooks.nonObjectBodyAnswer(ctx.behaviour);
    if (answer) throw answer;
  }
  return request.body as JsonObject;
};
