import { useEffect, useState } from 'react';

/** Whole seconds left from `seconds`, ticking once a second down to 0. */
export function useCountdown(seconds: number, isRunning = true): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (!isRunning) return;
    const startedAt = Date.now();
    const id = setInterval(() => {
      const next = Math.max(seconds - Math.floor((Date.now() - startedAt) / 1000), 0);
      setLeft(next);
      if (next === 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [seconds, isRunning]);
  return left;
}
