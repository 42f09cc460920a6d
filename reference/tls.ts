/**
 * A self-signed certificate for `fei-kit reference` over HTTPS, generated at start (with the well-kept
 * `selfsigned` package; nothing is downloaded). It names the loopback addresses and localhost, and is
 * its own CA, so a client trusts it by adding it to its CA list (the kit: TARGET_CA_FILE). The key is
 * only ever held in memory.
 */
// `selfsigned` (and the X.509 library under it) is loaded only when a certificate is made: every
// process that starts the reference server over HTTP, each conformance run's among them, would pay a
// fifth of a second of CPU to load it.

export interface TlsIdentity {
  /** PEM private key. */
  readonly key: string;
  /** PEM certificate: what a client must trust. */
  readonly cert: string;
}

const VALIDITY_DAYS = 30;

export const generateSelfSignedCertificate = async (now: Date = new Date()): Promise<TlsIdentity> => {
  const notAfter = new Date(now.getTime() + VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'Financial Events reference server (local)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return Object.freeze({ key: pems.private, cert: pems.cert });
};
