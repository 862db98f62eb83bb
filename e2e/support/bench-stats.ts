import { loadavg } from 'node:os';

/** Median, min and max of a benchmark's runs (docs/benchmarks.md). */
export function stats(xs: number[]): { median: number; min: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s[s.length - 1]! };
}

/** The machine's load averages (1, 5, 15 min), printed beside every figure. */
export const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
