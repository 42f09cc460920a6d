/**
 * The reference server listening on a real socket: what the kit starts when no target is configured.
 */
import { buildReferenceApp } from './app.ts';
import type { ReferenceServerOptions, RunningReferenceServer } from './types.ts';

const urlHost = (host: string): string => (host.includes(':') ? `[${host}]` : host);

export const startReferenceServer = async (
  options: ReferenceServerOptions = {},
): Promise<RunningReferenceServer> => {
  const app = buildReferenceApp(options);
  const info = app.reference;
  try {
    await app.listen({ host: info.listen.host, port: info.listen.port });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : info.listen.port;
  let closing: Promise<void> | undefined;
  const { listen, ...shown } = info;
  return Object.freeze({
    ...shown,
    baseUrl: `${listen.https ? 'https' : 'http'}://${urlHost(listen.host)}:${port}`,
    close: (): Promise<void> => {
      closing ??= app.close().then(() => undefined);
      return closing;
    },
  });
};
