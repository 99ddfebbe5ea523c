import { useEffect, useState } from 'react';

/** Whole seconds from now until `iso` (0 once it has passed, or without a time), ticking each second. */
export function useSecondsUntil(iso: string | null): number {
  const compute = () => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(compute);
  useEffect(() => {
    setSeconds(compute());
    if (!iso) return;
    const timer = setInterval(() => {
      const next = compute();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // compute reads only iso.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [iso]);
  return seconds;
}
