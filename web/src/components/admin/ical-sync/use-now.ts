import { useEffect, useState } from 'react';

/** The current time (ms), re-read every `everyMs`, so ages like "5 minutes ago" keep moving. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
