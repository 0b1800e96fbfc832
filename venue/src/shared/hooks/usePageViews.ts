import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { idFromSlug } from '@plataforma/adapter/routes';
import type { Language, PageViewInput } from '@plataforma/adapter';
import { recordPageView } from '../page-views/api';
import { useAppState } from '../state/store';

export type PageViewRecorder = (input: PageViewInput) => Promise<unknown>;

const MAX = 500;

/** The page view of a location: the event of a /plataforma/{slug} path, the stand of an estande/{id}. */
export const pageViewOf = (pathname: string, language: Language, referrer?: string): PageViewInput => {
  const [, area, slug, page, standSlug] = pathname.split('/');
  const eventId = area === 'plataforma' ? idFromSlug(slug) : null;
  const standId = eventId && page === 'estande' ? idFromSlug(standSlug) : null;
  return {
    path: pathname.slice(0, MAX) || '/',
    ...(eventId ? { eventId } : {}),
    ...(standId ? { standId } : {}),
    ...(referrer ? { referrer: referrer.slice(0, MAX) } : {}),
    language,
  };
};

const defaultRecorder: PageViewRecorder = recordPageView;

/**
 * Posts a page view on every navigation, the first one included (first-party analytics, SPEC
 * §2.1). Fire-and-forget: a failure (offline, server down, ad blocker) never reaches the page.
 * The referrer is the page the visitor came from: the browser's for the first view, then the
 * previous page of the app. A path change counts, not a query change (tables keep their page
 * in the query string).
 */
export const usePageViews = (record: PageViewRecorder = defaultRecorder): void => {
  const { pathname } = useLocation();
  const language = useAppState((s) => s.language);
  const last = useRef<string | null>(null);

  useEffect(() => {
    // React's StrictMode runs effects twice in development: one view per path change.
    if (last.current === pathname) return;
    const referrer = last.current === null ? document.referrer : `${window.location.origin}${last.current}`;
    last.current = pathname;
    try {
      void record(pageViewOf(pathname, language, referrer || undefined)).catch(() => undefined);
    } catch {
      // A recorder that throws synchronously must not break the page either.
    }
    // The language is read at the moment of the view; changing it is not a navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
};
