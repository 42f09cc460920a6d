/**
 * Unknown uuids of several UUID versions. Part 4's uuid is the service's own, but "a UUID that does
 * not exist" is any UUID: a path constraint of one version (a v4 pattern) refuses a time-based v1 or a
 * v7 as malformed instead of answering 404 ERR-4002.
 */

/** A random uuid with its version digit set: the variant bits stay RFC 9562's. */
const ofVersion = (version: number): string => {
  const uuid = crypto.randomUUID();
  return `${uuid.slice(0, 14)}${version}${uuid.slice(15)}`;
};

/** A fresh unknown uuid of versions 4, 1 and 7, each under its label. */
export const unknownUuidsOfVersions = (): Readonly<Record<string, string>> => ({
  'a version 4 uuid': crypto.randomUUID(),
  'a version 1 (time-based) uuid': ofVersion(1),
  'a version 7 (time-ordered) uuid': ofVersion(7),
});
