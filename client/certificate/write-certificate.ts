/** Writes the client certificate's files into one folder, each through redaction once more. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '../../utilities/redaction.ts';
import type { ClientCertificate } from './client-certificate.ts';
import { allureResultsOf } from './render-allure.ts';
import { renderHtml } from './render-html.ts';
import { renderJunit } from './render-junit.ts';
import { renderMarkdown } from './render-markdown.ts';

/** The client certificate's folder in the output folder. */
export const CLIENT_CERTIFICATE_FOLDER = 'client-certificate';

export const CERTIFICATE_FILES = Object.freeze({
  markdown: 'client-certificate.md',
  html: 'client-certificate.html',
  json: 'client-certificate.json',
  junit: 'client-certificate.junit.xml',
  allureResults: 'allure-results',
  /** The recorded traffic (HAR 1.2), what `fei-kit impact --traffic` replays. */
  har: 'client-traffic.har',
});

export const writeClientCertificate = (certificate: ClientCertificate, folder: string): void => {
  mkdirSync(folder, { recursive: true });
  const write = (name: string, text: string) => writeFileSync(join(folder, name), redact(text));
  write(CERTIFICATE_FILES.markdown, renderMarkdown(certificate));
  write(CERTIFICATE_FILES.html, renderHtml(certificate));
  write(CERTIFICATE_FILES.json, `${JSON.stringify(certificate, null, 2)}\n`);
  write(CERTIFICATE_FILES.junit, renderJunit(certificate));
  const allure = join(folder, CERTIFICATE_FILES.allureResults);
  rmSync(allure, { recursive: true, force: true });
  mkdirSync(allure);
  for (const result of allureResultsOf(certificate))
    write(join(CERTIFICATE_FILES.allureResults, `${result.uuid}-result.json`), JSON.stringify(result));
};
