// CPU time of processes and threads from /proc (Linux), for benches that say where a request's
// CPU goes: the server's main thread, its other threads, PostgreSQL, the load generator.
import fs from 'node:fs';

const TICKS = 100; // CLK_TCK on Linux

function statSeconds(path: string): number {
  try {
    const stat = fs.readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0; // gone since it was listed
  }
}

/** CPU seconds (user + system) a process has used, all its threads together. */
export const cpuSeconds = (pid: number) => statSeconds(`/proc/${pid}/stat`);

/** CPU seconds of one thread of a process (the main thread's id is the process's). */
export const threadCpuSeconds = (pid: number, tid: number) =>
  statSeconds(`/proc/${pid}/task/${tid}/stat`);

/** CPU seconds of every running process named `postgres` (server, backends, writers). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += statSeconds(`/proc/${entry}/stat`);
    } catch {
      // exited while listed
    }
  }
  return total;
}
