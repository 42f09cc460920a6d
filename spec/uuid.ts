/**
 * A UUID as parts 1, 2.3 and 5 use it (the event's `uuid`, `X-Client-Id`): the textual form, 8-4-4-4-12
 * hexadecimal digits. The spec names no version and no letter case, so neither is checked.
 */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A whole string that is a UUID, in either letter case. */
export const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`, 'i');

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
