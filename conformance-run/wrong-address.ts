/**
 * The one line that names a wrong address: a request of the spec's answered 404 at the base URL where
 * no route of the spec does (a POST of the events path, or a GET without a token). The likely cause is read from the base URL's own path
 * (the spec's paths already start with /api/h2h, so a base URL that ends with part of them doubles
 * it) and from what the same POST got at the origin alone, when it was tried.
 */
import { CONTRACT_VARIABLES } from '../contract/index.ts';

/** The leading segments of `path` that `basePath` ends with: what a base URL repeats of the spec's paths. */
const repeatedPrefix = (basePath: string, path: string): string | undefined => {
  const base = basePath.replace(/\/+$/, '');
  const segments = path.split('/').filter((segment) => segment !== '');
  for (let count = segments.length; count > 0; count -= 1) {
    const prefix = `/${segments.slice(0, count).join('/')}`;
    if (base.endsWith(prefix)) return prefix;
  }
  return undefined;
};

export const wrongAddressLine = (
  baseUrl: string,
  method: string,
  path: string,
  statusAtOrigin: number | undefined,
): string => {
  const url = new URL(baseUrl);
  const basePath = url.pathname.replace(/\/+$/, '');
  const what = `WRONG ADDRESS: ${CONTRACT_VARIABLES.baseUrl} ${baseUrl}: ${method} ${basePath}${path} answers 404 where the spec's route answers ${method === 'POST' ? '401 (no token)' : '401 and 400 (no token, a malformed client id)'}, so no check can reach the service there`;
  const repeated = repeatedPrefix(basePath, path);
  const servedAtOrigin = statusAtOrigin !== undefined && statusAtOrigin !== 404;
  if (repeated) {
    return `${what}: the base URL ends with ${repeated}, which every path of the spec already starts with (the prefix is doubled); set ${CONTRACT_VARIABLES.baseUrl}=${url.origin}${basePath.slice(0, basePath.length - repeated.length)}${servedAtOrigin ? `, where that request is answered (HTTP ${statusAtOrigin})` : ''}`;
  }
  if (servedAtOrigin) {
    return `${what}: at ${url.origin} the same request is answered (HTTP ${statusAtOrigin}): the path ${basePath} of the base URL is probably not the deployment's prefix; try ${CONTRACT_VARIABLES.baseUrl}=${url.origin}`;
  }
  return basePath === ''
    ? `${what}: the deployment may sit under a path prefix the base URL lacks, or this is another service`
    : `${what}: the path prefix ${basePath} may be wrong or missing a part, or this is another service`;
};
