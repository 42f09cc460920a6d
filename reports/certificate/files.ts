/** The certificate's files, in <output>/certificate/. */
export const CERTIFICATE_FILES = Object.freeze({
  markdown: 'certificate.md',
  html: 'certificate.html',
  json: 'certificate.json',
} as const);
