import { useEffect, useState } from 'react';

export type ScheduleModule = typeof import('@plataforma/adapter/schedule');

/**
 * The adapter's schedule math (dayjs and its zone plugins), loaded only once `wanted`: the halls
 * and the venue's notices ask for it when there are lectures to reckon, so a first load carries
 * no date library. A chunk that fails to load leaves it null (nothing is reckoned).
 */
export const useScheduleModule = (wanted: boolean): ScheduleModule | null => {
  const [schedule, setSchedule] = useState<ScheduleModule | null>(null);
  useEffect(() => {
    if (!wanted || schedule) return;
    let current = true;
    import('@plataforma/adapter/schedule').then(
      (module) => current && setSchedule(module),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, schedule]);
  return schedule;
};
