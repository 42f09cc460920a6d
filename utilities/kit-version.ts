import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The kit's version, from its package.json: what a certificate and a report say produced them. */
export const kitVersion = (): string => {
  if (cached === undefined) {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    cached = typeof pkg.version === 'string' ? pkg.version : 'unknown';
  }
  return cached;
};
