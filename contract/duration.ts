/**
 * The one reading of a duration, for every option and variable of the kit that takes one
 * (`conformance --timeout`, `self-check --timeout`, `certify-client --time-limit`, LOAD_DURATION):
 * written with its unit as k6 writes it (`300s`, `2m`, `1m30s`, `500ms`, `1h`), or plain seconds
 * (`300`). No Node built-in: k6 loads it.
 */

const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
const WHOLE = /^(\d+(?:\.\d+)?(ms|s|m|h))+$/;
const PLAIN_SECONDS = /^\d+(\.\d+)?$/;
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** How a duration is written, for error lines. */
export const DURATION_FORMS = 'a duration such as 45s, 2m, 1m30s or plain seconds';

/** The duration in milliseconds, or undefined when the text is not one (or is not above zero). */
export const parseDuration = (text: string): number | undefined => {
  const value = text.trim();
  let total: number;
  if (PLAIN_SECONDS.test(value)) total = Number(value) * 1000;
  else if (WHOLE.test(value)) {
    total = 0;
    for (const match of value.matchAll(PART))
      total += Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? Number.NaN);
  } else return undefined;
  return Number.isFinite(total) && total > 0 ? total : undefined;
};
