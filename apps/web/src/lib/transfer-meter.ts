import { useCallback, useRef, useState } from 'react';

// Progress of one transfer (hashing, uploading): the share done and the rate in MB/s, from the
// first byte counted (1 MB = 1,000,000 bytes, as disk and network rates are given).

export type TransferState = {
  done: number;
  total: number;
  /** Bytes per second since the transfer started; 0 before the first measure. */
  bytesPerSecond: number;
};

export function useTransferMeter() {
  const started = useRef(0);
  const [state, setState] = useState<TransferState>({ done: 0, total: 0, bytesPerSecond: 0 });
  const start = useCallback((total: number) => {
    started.current = performance.now();
    setState({ done: 0, total, bytesPerSecond: 0 });
  }, []);
  const update = useCallback((done: number) => {
    const seconds = (performance.now() - started.current) / 1000;
    setState((previous) => ({
      ...previous,
      done,
      bytesPerSecond: seconds > 0 ? done / seconds : 0,
    }));
  }, []);
  const reset = useCallback(() => setState({ done: 0, total: 0, bytesPerSecond: 0 }), []);
  return { state, start, update, reset };
}

export const percentOf = ({ done, total }: TransferState) =>
  total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;

export const megabytesPerSecond = ({ bytesPerSecond }: TransferState) =>
  (bytesPerSecond / 1_000_000).toFixed(1);

/** A size in the user's language: bytes, KB, MB or GB (powers of 1,000). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}
