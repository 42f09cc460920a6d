/**
 * Whether a request carried its tenant's own credentials, exactly as the target contract gives them:
 * then a 401 says those credentials are refused, not that the check's deliberately missing, empty or
 * wrong token was (those checks override the headers, and are judged as they always were).
 */
import type { TenantCredentials } from '../../config/index.ts';
import { HEADERS } from '../../spec/index.ts';

const headerOf = (headers: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

export const carriesOwnCredentials = (
  tenant: TenantCredentials | undefined,
  headers: Readonly<Record<string, string>>,
): boolean =>
  tenant !== undefined &&
  headerOf(headers, HEADERS.clientId) === tenant.clientId &&
  headerOf(headers, HEADERS.accessToken) === tenant.accessToken;
