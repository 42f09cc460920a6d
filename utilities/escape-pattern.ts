/** Text as a regular expression that matches it literally (Node 22 has no RegExp.escape). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
