/**
 * `npm run certificate`: writes the certificate of the last conformance run (it is also written at the
 * end of `npm run conformance`). Exit codes (config/exit-codes.ts): 0 written, whatever its verdicts
 * (the conformance run is the gate); 2 nothing to certify (no results: run the suite first);
 * 7 the kit itself failed (an internal error).
 */
import { ConfigError, EXIT, loadDotEnv } from '../../config/index.ts';
import {
  CertificateInputError,
  describeCertificate,
  writeCertificate,
} from '../../reports/certificate/write-certificate.ts';

const say = (line: string): void => {
  process.stdout.write(`certificate: ${line}\n`);
};

const main = async (): Promise<number> => {
  // The .env may hold the tokens: they are read only so that redaction knows them.
  try {
    if (process.env.KIT_IGNORE_DOTENV !== 'true') loadDotEnv();
    say(describeCertificate(await writeCertificate()));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CertificateInputError || error instanceof ConfigError) {
      say(error.message);
      return EXIT.badConfiguration;
    }
    say(`KIT FAILURE: internal error: ${(error as Error).message}`);
    return EXIT.kitFailure;
  }
};

main().then((code) => process.exit(code));
