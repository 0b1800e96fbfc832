import { useEffect, useState } from 'react';

export type ScheduleModule = typeof import('../schedule');

/** The module once loaded: a hall rendered after it came (the first load waits for it) reckons at once. */
let loaded: ScheduleModule | null = null;
let loading: Promise<ScheduleModule> | null = null;

/**
 * Loads the adapter's schedule math (dayjs, zones on Intl or the page's span: `../schedule`) once;
 * a failed load is tried again on the next call.
 */
export const loadScheduleModule = (): Promise<ScheduleModule> => {
  loading ??= import('../schedule').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

/**
 * The schedule math, loaded only once `wanted`: the halls and the venue's notices ask for it when
 * there are lectures to reckon, so a first load carries no date library. Already loaded (the
 * entrance's first load fetches it with the programme, `prefetchHall`), it is there on the first
 * render; a chunk that fails to load leaves it null (nothing is reckoned).
 */
export const useScheduleModule = (wanted: boolean): ScheduleModule | null => {
  const [schedule, setSchedule] = useState<ScheduleModule | null>(() => (wanted ? loaded : null));
  useEffect(() => {
    if (!wanted || schedule) return;
    let current = true;
    loadScheduleModule().then(
      (module) => current && setSchedule(module),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, schedule]);
  return schedule;
};
