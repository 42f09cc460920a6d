/**
 * A token no tenant holds, of the prefix the deployment's own tokens carry (the spec's or its own):
 * refused as unknown (ERR-1002), never as a token of the other environment.
 */
import type { Target } from '../../config/index.ts';

export const unknownTokenOf = (target: Target): string =>
  `${target.tokenPrefixes[target.environment]}${crypto.randomUUID().replace(/-/g, '')}`;
