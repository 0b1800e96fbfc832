import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { idFromSlug, type Language, type PageViewInput } from '@plataforma/adapter';
import { api } from '../api';
import { useAppState } from '../state/store';

type Recorder = (input: PageViewInput) => Promise<unknown>;

/** The page view of a location: the event of a /plataforma/{slug} path, the stand of an estande/{id}. */
export const pageViewOf = (pathname: string, language: Language, referrer?: string): PageViewInput => {
  const [, area, slug, page, standSlug] = pathname.split('/');
  const eventId = area === 'plataforma' ? idFromSlug(slug) : null;
  const standId = eventId && page === 'estande' ? idFromSlug(standSlug) : null;
  return {
    path: pathname.slice(0, 500) || '/',
    ...(eventId ? { eventId } : {}),
    ...(standId ? { standId } : {}),
    ...(referrer ? { referrer: referrer.slice(0, 500) } : {}),
    language,
  };
};

/** Posts a page view on every navigation (first-party analytics); never breaks the page. */
export const usePageViews = (record: Recorder = (input) => api.site.pageViews.create(input)): void => {
  const { pathname } = useLocation();
  const language = useAppState((s) => s.language);
  useEffect(() => {
    record(pageViewOf(pathname, language, document.referrer || undefined)).catch(() => undefined);
    // One view per path change; the language is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
};
