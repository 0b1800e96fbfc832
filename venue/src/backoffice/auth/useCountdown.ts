import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a lock, counted down each second (SPEC §4: 30 s before resend). */
export const useCountdown = (initial = 0) => {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(Math.max(0, Math.ceil(seconds))), []);
  return { left, start, done: left <= 0 };
};
