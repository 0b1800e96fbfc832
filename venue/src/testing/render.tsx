import { render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import type { PageView, SessionClient } from '@plataforma/adapter';
import { App, createQueryClient, ROUTER_FUTURE, routes } from '../App';
import { api } from '../shared/api';
import { useAppState } from '../shared/state/store';
import { eventFixture, sessionClientFixture } from './wire';

/** What POST /page-views answers (every navigation posts one). */
export const pageViewAnswer: PageView = { id: 1, path: '/', eventId: null, createdAt: '' };

/** The signed-in visitor of the platform's tests. */
export const visitor: SessionClient = sessionClientFixture();

export const signInVisitor = (token = 'token-1') => useAppState.getState().signIn(visitor, 'client', token);

/** The same visitor signed in with a full session (e-mail and password): watch time counts for them (decision 102). */
export const signInFullVisitor = (token = 'token-1') => useAppState.getState().signIn({ ...visitor, soft: false }, 'client', token);

/** A history entry: a path, or a location with its state. */
type InitialEntry = NonNullable<NonNullable<Parameters<typeof createMemoryRouter>[1]>['initialEntries']>[number];

/** The whole app (its routes, a fresh query client) at a path, or at the last of several history entries. */
export const renderAt = (...entries: InitialEntry[]) => {
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1, future: ROUTER_FUTURE });
  render(<App router={router} queryClient={createQueryClient()} />);
  return router;
};

/**
 * The usual answers of a platform page's tests, before each test: page views accepted, the
 * event of the fixture, no sponsors, no stands, no lectures, no stars and no favourites (a test mocks what it looks at); afterwards
 * mocks and timers are restored and the visitor signed out.
 */
export const mockVenueApi = () => {
  beforeEach(() => {
    vi.spyOn(api.site.pageViews, 'create').mockResolvedValue(pageViewAnswer);
    vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
    vi.spyOn(api.site.sponsors, 'list').mockResolvedValue({ rows: [], count: 0 });
    vi.spyOn(api.site.stands, 'list').mockResolvedValue({ rows: [], count: 0 });
    // The halls ask for the programme (the doors' 'AO VIVO', the entrance's 'Ao vivo agora').
    vi.spyOn(api.site.lectures, 'event').mockResolvedValue({ rows: [], count: 0 });
    // A signed-in visitor's stars ('Minha agenda': the programme's toggles, the venue's notice).
    vi.spyOn(api.site.agenda, 'list').mockResolvedValue({ lectureIds: [] });
    // A signed-in visitor's favourite stands (the exhibitors' directory).
    vi.spyOn(api.site.favourites, 'list').mockResolvedValue({ standIds: [] });
    // The profile's calendar feed of 'Minha agenda' (decision 108): none yet.
    vi.spyOn(api.site.calendars, 'feed').mockResolvedValue({ active: false, createdAt: null });
    // The checkout's payment settings (decision 052): the sandbox, PIX and its test cards.
    vi.spyOn(api.site.payments, 'config').mockResolvedValue({
      provider: 'sandbox',
      methods: ['pix', 'card'],
      publicKey: null,
      tokenUrl: null,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    useAppState.getState().signOut();
  });
};
