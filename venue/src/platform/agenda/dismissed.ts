/** Where the venue remembers, for this tab's session, the notices the visitor closed. */
export const DISMISSED_KEY = 'plataforma.agenda.dismissed';

/** The lectures whose 'Começa em 5 minutos' notice was closed (nothing when the storage is unreadable or blocked). */
export const readDismissed = (): Set<number> => {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is number => Number.isSafeInteger(id)) : []);
  } catch {
    return new Set();
  }
};

/** Remembers one more closed notice; a blocked storage only means it is forgotten on the next page load. */
export const rememberDismissed = (dismissed: ReadonlySet<number>): void => {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissed]));
  } catch {
    // Private modes may refuse the write: the notice stays closed in this page all the same.
  }
};
