/**
 * The child process of `fei-kit bench`: starts the reference server (tenant limit far above what the
 * bench sends) and the bare node:http endpoint, hands their addresses and tenant A's credentials to
 * the parent over the IPC channel (never through stdout), reports its CPU time when asked, and stops
 * when the parent disconnects. Run apart from autocannon so that the server under test and the load
 * generator do not share one event loop.
 */
import { startReferenceServer } from '../reference/index.ts';
import { startBareServer } from './bare-server.ts';
import { BENCH_RATE_LIMIT, type BenchTargets } from './targets.ts';

const main = async (): Promise<void> => {
  if (typeof process.send !== 'function') {
    process.stderr.write('bench/serve.ts is started by bench/reference-bench.ts, with an IPC channel\n');
    process.exit(2);
  }
  const reference = await startReferenceServer({ rateLimit: BENCH_RATE_LIMIT });
  const bare = await startBareServer();
  const { A } = reference.tenants;
  const targets: BenchTargets = {
    reference: { baseUrl: reference.baseUrl, clientId: A.clientId, accessToken: A.accessToken },
    bare: { baseUrl: bare.baseUrl },
  };
  process.send({ type: 'ready', targets });
  // The parent asks for this process's CPU time around each measurement: CPU per request is far less
  // noisy than throughput on a shared machine.
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() });
  });
  process.on('disconnect', () => {
    Promise.all([reference.close(), bare.close()]).finally(() => process.exit(0));
  });
};

main().catch((error: unknown) => {
  process.stderr.write(`bench servers: ${(error as Error).message.split('\n')[0]}\n`);
  process.exit(1);
});
