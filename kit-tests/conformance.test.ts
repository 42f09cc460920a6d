/** The wrapper behind `fei-kit conformance`: a bad contract or a dead target stops it at once, clearly. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXIT } from '../config/index.ts';
import { expect, test } from './test-support/kit-test.ts';
import { runConformance as runWrapper } from './test-support/run-conformance.ts';

const SECRET = 'svc_test_wrapperSecret123';

const contract = (baseUrl: string) => ({
  TARGET_BASE_URL: baseUrl,
  TENANT_A_CLIENT_ID: '0b5c3e1e-1f7a-4c55-9a57-3f1d2c7b9e01',
  TENANT_A_ACCESS_TOKEN: SECRET,
});

test('WRAPPER: a malformed contract exits 2 with one line naming the variable, no stack trace', async () => {
  const result = await runWrapper({ ...contract('http://127.0.0.1:9'), TENANT_A_CLIENT_ID: 'tenant-a' });
  expect(result.code).toBe(EXIT.badConfiguration);
  expect(result.output.trim()).toBe('conformance: configuration error: TENANT_A_CLIENT_ID must be a UUID');
  expect(result.output).not.toContain(SECRET);
});

test('WRAPPER: an unreachable target exits 3 at the preflight, with one message', async () => {
  const result = await runWrapper(contract('http://127.0.0.1:9'));
  expect(result.code).toBe(EXIT.couldNotRun);
  expect(result.output).toMatch(/TARGET_BASE_URL http:\/\/127\.0\.0\.1:9 is unreachable/);
  expect(result.output).not.toMatch(/\n\s+at /);
  expect(result.output).not.toContain(SECRET);
});

test('WRAPPER: credentials the target refuses exit 2 before any test runs', async () => {
  const server = createServer((_request, response) => {
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end('{"status":401,"errorCode":"ERR-1002","title":"Invalid token"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const result = await runWrapper(contract(`http://127.0.0.1:${port}`));
    expect(result.code).toBe(EXIT.badConfiguration);
    expect(result.output).toMatch(/are refused by .* \(HTTP 401, ERR-1002\)/);
    expect(result.output).not.toContain('Running');
  } finally {
    server.close();
  }
});
