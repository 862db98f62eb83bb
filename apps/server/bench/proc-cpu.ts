// CPU time of processes and threads from /proc (Linux), for benches that say where a request's
// CPU goes: the server's main thread, its other threads, PostgreSQL, the load generator.
import fs from 'node:fs';

const TICKS = 100; // CLK_TCK on Linux

/** The fields of /proc/.../stat after the command's name: [0] state, [1] ppid, [11] utime, ... */
const statFields = (path: string) => {
  const stat = fs.readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};
const seconds = (fields: string[], from: number, to: number) => {
  let ticks = 0;
  for (let i = from; i <= to; i++) ticks += Number(fields[i]);
  return ticks / TICKS;
};

/** CPU seconds (user + system) a process has used, all its threads together. */
export const cpuSeconds = (pid: number) => seconds(statFields(`/proc/${pid}/stat`), 11, 12);

/** CPU seconds of one thread of a process (the main thread's id is the process's). */
export const threadCpuSeconds = (pid: number, tid: number) =>
  seconds(statFields(`/proc/${pid}/task/${tid}/stat`), 11, 12);

/** The parent of a process: for a PostgreSQL backend (`pg_backend_pid()`), its postmaster. */
export const parentPid = (pid: number) => Number(statFields(`/proc/${pid}/stat`)[1]);

/**
 * CPU seconds of one PostgreSQL server: its postmaster, the children that have exited (counted
 * in the postmaster's cutime and cstime once reaped) and those still running.
 */
export function postgresCpuSeconds(postmasterPid: number): number {
  let total = seconds(statFields(`/proc/${postmasterPid}/stat`), 11, 14);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(`/proc/${entry}/stat`);
      if (Number(fields[1]) === postmasterPid) total += seconds(fields, 11, 12);
    } catch {
      // exited while listed: its time is in the postmaster's cutime from now on
    }
  }
  return total;
}
