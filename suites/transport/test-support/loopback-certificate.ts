/**
 * A self-signed certificate for 127.0.0.1, for kit tests that serve HTTPS on loopback: its key and
 * certificate, and the certificate written to a PEM file a client is told to trust (TARGET_CA_FILE).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface LoopbackCertificate {
  readonly key: string;
  readonly cert: string;
  /** The certificate in a file of `folder`: what a client trusts. */
  readonly caFile: string;
}

export const loopbackCertificate = async (folder: string): Promise<LoopbackCertificate> => {
  const pems = await generate([{ name: 'commonName', value: 'loopback test server' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const caFile = join(folder, 'ca.pem');
  writeFileSync(caFile, pems.cert);
  return { key: pems.private, cert: pems.cert, caFile };
};
