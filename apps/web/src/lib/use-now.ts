import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` (the header's 1 s poll, docs/product.md#limits). */
export function useNow(intervalMs: number, isActive = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs, isActive]);
  return now;
}
