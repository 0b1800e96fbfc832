import { useEffect, useState } from 'react';

/** A clock for screens that say what is on now: `Date.now()`, renewed every `every` ms. */
export const useTick = (every: number): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
};
