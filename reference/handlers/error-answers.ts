/**
 * How every refusal goes on the wire: an HttpProblem becomes its JSON body (part 7), anything else a
 * bare 500 ERR-5001; a path or method the service does not have, a request HTTP itself cannot parse,
 * and Fastify's own refusals (body too large, media type, empty body) each get their part 7 answer.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVENTS_PATH } from '../../spec/index.ts';
import { REFERENCE_CODES } from '../codes.ts';
import type { ServerContext } from '../context.ts';
import {
  HttpProblem,
  internalErrorBody,
  problem,
  referenceProblem,
  type SimpleErrorBody,
  simpleBody,
} from '../problem.ts';
import { unsupportedContentType } from './request-body.ts';

export interface ErrorAnswerHooks {
  /** RETRIEVE-UNKNOWN-404, UPDATE-UNKNOWN-404: the answer for a uuid the tenant holds no event under. */
  unknownEventAnswer(): HttpProblem;
  /** ERROR-BODY-SHAPE: a 7.1 body as it goes on the wire. */
  simpleErrorBody(body: SimpleErrorBody): Readonly<Record<string, unknown>>;
  /** ERROR-BODY-SHAPE: the media type of every error body. */
  errorContentType(): string;
  /** ERROR-BODY-SHAPE, GAP-OTHER-OPERATIONS: the answer to a path or method the service does not have. */
  unknownRouteAnswer(answer: HttpProblem): HttpProblem;
  /** ERROR-BODY-SHAPE, GAP-FIELD-LIMITS: the answer to a body over the server's limit. */
  bodyTooLargeAnswer(answer: HttpProblem): HttpProblem;
}

declare module '../context.ts' {
  interface ReferenceHooks extends ErrorAnswerHooks {}
}

export const ERROR_ANSWER_HOOKS: ErrorAnswerHooks = Object.freeze({
  unknownEventAnswer: () => problem(404, 'ERR-4002'),
  simpleErrorBody: (body: SimpleErrorBody) => body,
  errorContentType: () => 'application/json; charset=utf-8',
  unknownRouteAnswer: (answer: HttpProblem) => answer,
  bodyTooLargeAnswer: (answer: HttpProblem) => answer,
});

/** The 7.1 body with the `detail` the behaviour's errorDetail adds, where it has none of its own. */
const withDetail = (body: SimpleErrorBody, ctx: ServerContext): SimpleErrorBody =>
  ctx.behaviour.errorDetail === 'support-reference' && body.detail === undefined
    ? {
        ...body,
        detail: `${body.title}. Quote reference ${randomBytes(6).toString('hex').toUpperCase()} to support.`,
      }
    : body;

export const sendProblem = (reply: FastifyReply, answer: HttpProblem, ctx: ServerContext): FastifyReply => {
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  if (answer.plainText !== undefined) {
    return reply.code(answer.status).type(answer.plainText.contentType).send(answer.plainText.text);
  }
  const body =
    'errors' in answer.body ? answer.body : ctx.hooks.simpleErrorBody(withDetail(answer.body, ctx));
  // Serialised here: Fastify would refuse an object for a media type that is not JSON.
  return reply.code(answer.status).type(ctx.hooks.errorContentType()).send(JSON.stringify(body));
};

/**
 * A path the service does not have (404 ERR-9404), or a method a path of it does not support (ERR-9405:
 * 404, or 405 with Allow as the behaviour reads GAP-OTHER-OPERATIONS).
 */
export const routeProblem = (request: FastifyRequest, ctx: ServerContext): HttpProblem => {
  const path = request.url.split('?')[0] ?? '';
  const rest = path.startsWith(`${EVENTS_PATH}/`) ? path.slice(EVENTS_PATH.length + 1) : undefined;
  const collection = path === EVENTS_PATH;
  const knownPath = collection || (rest !== undefined && !rest.includes('/'));
  if (!knownPath) return ctx.hooks.unknownRouteAnswer(referenceProblem('routeNotFound'));
  if (ctx.behaviour.unsupportedMethod === 'not-found-404') return referenceProblem('methodNotSupported');
  const { code, title } = REFERENCE_CODES.methodNotSupported;
  return new HttpProblem(405, simpleBody(405, code, title), {
    Allow: collection ? (ctx.behaviour.listing === 'none' ? 'POST' : 'GET, HEAD, POST') : 'GET, HEAD, PUT',
  });
};

/** Writes a 400 with the 7.1 body straight to a socket whose request HTTP itself could not parse. */
export const answerClientError = (error: Error & { code?: string }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, title } = REFERENCE_CODES.badRequest;
  const body = JSON.stringify(simpleBody(400, code, title));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
};

/** Fastify's refusals before routing: a path parameter too long for the router, a URL that cannot be decoded. */
export const frameworkErrorAnswer = (error: { code?: string }, ctx: ServerContext): HttpProblem =>
  error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? ctx.hooks.unknownEventAnswer() // an id no event has
    : referenceProblem('badRequest');

export const registerErrorAnswers = (app: FastifyInstance, ctx: ServerContext): void => {
  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error, ctx);
    // The body of a request to a path or method the service does not have is not looked at.
    if (request.is404) return sendProblem(reply, routeProblem(request, ctx), ctx);
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        const { code, title } = REFERENCE_CODES.bodyTooLarge;
        const refusal = problem(ctx.behaviour.bodyLimit.status, code, title);
        return sendProblem(reply, ctx.hooks.bodyTooLargeAnswer(refusal), ctx);
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(reply, unsupportedContentType(ctx.behaviour), ctx);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY': {
        const { status, errorCode } = ctx.behaviour.malformedJson;
        return sendProblem(reply, problem(status, errorCode, REFERENCE_CODES.malformedJson.title), ctx);
      }
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, referenceProblem('badRequest'), ctx);
    }
    // Anything else is the server's own fault: 500 ERR-5001, and nothing of the error in the body.
    return sendProblem(reply, new HttpProblem(500, internalErrorBody()), ctx);
  });
  app.setNotFoundHandler((request, reply) => {
    sendProblem(reply, routeProblem(request, ctx), ctx);
  });
};
