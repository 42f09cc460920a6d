/**
 * `fei-kit certificate`: writes the certificate of the last conformance run again (it is written at
 * the end of `fei-kit conformance`). Exits 0 once written, whatever its verdicts: the conformance run
 * is the gate. A run that checked nothing gets no certificate: one would read as a verdict.
 */
import { ConfigError, loadDotEnvUnlessIgnored } from '../../config/index.ts';
import { outputPaths } from '../../utilities/output-paths.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';

export const command: KitCommand = {
  name: 'certificate',
  summary: "writes the last conformance run's certificate (and behaviour profile) again",
  usage: '[options]',
  options: [OUTPUT_OPTION],
  exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable'],
  arguments: 'options',
  writesOutputs: true,
  run: async ({ say }) => {
    // The .env may hold the tokens: they are read only so that redaction knows them.
    loadDotEnvUnlessIgnored();
    const { CertificateInputError, describeCertificate, writeCertificate } = await import(
      '../../reports/certificate/write-certificate.ts'
    );
    const { checkedNothing } = await import('../../reports/certificate/checked-nothing.ts');
    const nothing = checkedNothing(outputPaths());
    if (nothing !== undefined)
      throw new ConfigError(
        `the last conformance run checked nothing${nothing ? ` (${nothing} selected no check)` : ''}: no certificate of nothing is written; run \`fei-kit conformance\` with filters that select checks`,
      );
    try {
      say(describeCertificate(await writeCertificate()));
      return 0;
    } catch (error) {
      if (error instanceof CertificateInputError) throw new ConfigError(error.message);
      throw error;
    }
  },
};
