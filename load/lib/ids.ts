/**
 * Identifiers a k6 script makes without `crypto`: a random v4-shaped UUID (for GETs of an event that
 * does not exist) and a run id when the runner did not pass KIT_RUN_ID. Math.random is enough: none
 * of these is a secret. Pure: no k6 import, no Node API.
 */

const hex = (digits: number, random: () => number): string => {
  let out = '';
  for (let i = 0; i < digits; i += 1) out += Math.floor(random() * 16).toString(16);
  return out;
};

export const randomUuid = (random: () => number = Math.random): string => {
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${hex(8, random)}-${hex(4, random)}-4${hex(3, random)}-${variant}${hex(3, random)}-${hex(12, random)}`;
};

const two = (n: number): string => String(n).padStart(2, '0');

/** `load-YYYYMMDDhhmmss-xxxxxx`: 1 to 40 letters, digits or dashes, as KIT_RUN_ID must be. */
export const newLoadRunId = (now: Date = new Date(), random: () => number = Math.random): string =>
  `load-${now.getUTCFullYear()}${two(now.getUTCMonth() + 1)}${two(now.getUTCDate())}${two(now.getUTCHours())}${two(now.getUTCMinutes())}${two(now.getUTCSeconds())}-${hex(6, random)}`;
