/**
 * The event id of a GET or PUT path: a UUID, compared case-insensitively. Anything else answers like an
 * unknown uuid, with 400, or as no such route, as the behaviour reads GAP-NON-UUID-PATH.
 */

import { isUuid } from '../../spec/index.ts';
import type { ServerContext } from '../context.ts';
import { referenceProblem } from '../problem.ts';

export interface PathIdHooks {
  /** RETRIEVE-UNKNOWN-404, UPDATE-UNKNOWN-404: the id a path that is a UUID, of any version, is looked up by. */
  uuidPathId(raw: string): string;
  /** PATH-ID-IS-UUID: the id a path that is not a UUID is looked up by; undefined refuses it. */
  nonUuidPathId(raw: string): string | undefined;
}

declare module '../context.ts' {
  interface ReferenceHooks extends PathIdHooks {}
}

export const PATH_ID_HOOKS: PathIdHooks = Object.freeze({
  uuidPathId: (raw: string) => raw.toLowerCase(),
  nonUuidPathId: () => undefined,
});

export const pathIdOf = (raw: string, ctx: ServerContext): string => {
  if (isUuid(raw)) return ctx.hooks.uuidPathId(raw);
  const lookedUp = ctx.hooks.nonUuidPathId(raw);
  if (lookedUp !== undefined) return lookedUp;
  switch (ctx.behaviour.nonUuidPathId) {
    case 'bad-request-400':
      throw referenceProblem('pathIdNotUuid');
    case 'route-not-found-404':
      throw referenceProblem('routeNotFound'); // a route whose id must be a UUID does not match
    case 'not-found-404':
      throw ctx.hooks.unknownEventAnswer();
  }
};
