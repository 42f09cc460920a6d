/**
 * Escaping for the certificate's Markdown tables and HTML page, by plain replacement (no pattern over
 * the text: the certificate keeps no regular expression over what it shows).
 */

/** One Markdown table cell: backslashes and pipes escaped, line breaks as spaces. */
export const md = (text: string): string =>
  text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replaceAll('\r\n', ' ').replaceAll('\n', ' ');

/** Inline code: a backtick inside would end it early. */
export const code = (text: string): string => `\`${text.replaceAll('`', "'")}\``;

export const html = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
