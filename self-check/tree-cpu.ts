/**
 * The CPU time (user and system, in seconds) the self-check and everything under it have used so far:
 * each process of its tree still running, and, through each one's cutime and cstime, the children it
 * has already waited for. Read at each phase's start and end (phase-clock.ts), so that the phase
 * timing line says how many of the machine's cores the self-check kept busy in each phase, whoever
 * else shares the machine. Linux only (/proc); undefined elsewhere.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times: 100 on every Linux the kit runs on. */
const TICKS_PER_SECOND = 100;

/** A process's own ticks and those of the children it waited for; undefined when it is gone. */
export const ticksOfStat = (stat: string): number | undefined => {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 to 17 of the file (utime, stime, cutime, cstime) are the 12th to 15th after the name.
  const ticks = fields.slice(11, 15).map(Number);
  return ticks.length === 4 && ticks.every(Number.isFinite) ? ticks.reduce((a, b) => a + b, 0) : undefined;
};

const readOrUndefined = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** The pids a process started that still run (or wait to be waited for), from each of its threads. */
const childrenOf = (pid: number, proc: string): number[] => {
  let threads: string[];
  try {
    threads = readdirSync(`${proc}/${pid}/task`);
  } catch {
    return [];
  }
  return threads.flatMap((tid) =>
    (readOrUndefined(`${proc}/${pid}/task/${tid}/children`) ?? '').split(' ').filter(Boolean).map(Number),
  );
};

/** The tree's CPU seconds so far, or undefined where /proc does not say. */
export const treeCpuSeconds = (root: number = process.pid, proc = '/proc'): number | undefined => {
  const own = readOrUndefined(`${proc}/${root}/stat`);
  const rootTicks = own === undefined ? undefined : ticksOfStat(own);
  if (rootTicks === undefined) return undefined;
  let ticks = rootTicks;
  const pending = childrenOf(root, proc);
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    const stat = readOrUndefined(`${proc}/${pid}/stat`);
    // A process that ended since its parent was read is counted at the next reading, in its parent's cutime.
    ticks += (stat === undefined ? undefined : ticksOfStat(stat)) ?? 0;
    for (const child of childrenOf(pid, proc)) pending.push(child);
  }
  return ticks / TICKS_PER_SECOND;
};
