/**
 * The CPU time (user and system, in seconds) of the children this process has waited for, their own
 * children included: on Linux, from /proc/self/stat; undefined elsewhere. `npm test` takes it around
 * each step, so that a step's figure says how busy it kept the machine's cores, not only how long it took.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times: 100 on every Linux the kit runs on. */
const TICKS_PER_SECOND = 100;

export const childCpuSeconds = (statFile = '/proc/self/stat'): number | undefined => {
  let stat: string;
  try {
    stat = readFileSync(statFile, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of the file (cutime, cstime) are the 14th and 15th after the name.
  const cutime = Number(fields[13]);
  const cstime = Number(fields[14]);
  if (!Number.isFinite(cutime) || !Number.isFinite(cstime)) return undefined;
  return (cutime + cstime) / TICKS_PER_SECOND;
};
