import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AxiosHeaders, type AxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { afterEach, vi } from 'vitest';
import { ApiError, type StaffUser } from '@plataforma/adapter';
import { api } from '../shared/api';
import { createQueryClient } from '../shared/query';
import { useAppState } from '../shared/state/store';
import { theme } from '../shared/theme';
import { DialogHost } from '../shared/ui/DialogHost';
import { ToastHost } from '../shared/ui/ToastHost';
import { staffUserFixture } from '../testing/wire';
import { BackofficeApp } from './BackofficeApp';

export const admin: StaffUser = staffUserFixture();

/** An attendant of the tests ('Carla Atendente' → carla@exemplo.com.br). */
export const attendantUser = (id: number, name: string): StaffUser => ({
  ...admin,
  id,
  name,
  email: `${name.split(' ')[0].toLowerCase()}@exemplo.com.br`,
  role: 'attendant',
  roleLabel: 'Atendente',
});

export const signInStaff = (user: StaffUser = admin) => useAppState.getState().signIn(user, 'user', 'staff-token');

/** One request the fake server saw. */
export interface SeenRequest {
  method: string;
  url: string;
  params: unknown;
  data: unknown;
}

/**
 * Answers the API client's requests from handlers keyed 'METHOD /path' (the path without its
 * query): a handler answers the envelope's data, or throws an ApiError. Unknown routes answer 404.
 */
export const fakeServer = (handlers: Record<string, (request: SeenRequest) => unknown>) => {
  const seen: SeenRequest[] = [];
  vi.spyOn(api.http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    const request = { method: (config.method ?? 'GET').toUpperCase(), url: config.url ?? '', params: config.params, data: config.data };
    seen.push(request);
    const handler = handlers[`${request.method} ${request.url}`];
    if (!handler) throw new ApiError(404, 'api.error.routeNotFound');
    const answer = handler(request);
    const envelope = answer instanceof Object && 'msg' in answer ? answer : { data: answer, msg: 'api.ok', status: 200 };
    return { data: envelope, status: 200, statusText: 'OK', headers: {}, config: { ...config, headers: new AxiosHeaders() } };
  });
  return seen;
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useAppState.getState().hideToast();
  useAppState.getState().closeDialog();
  useAppState.getState().signOut();
});

/**
 * A test that types a whole form: userEvent types key by key, slow on a busy machine (36 s seen
 * with two busy loops beside on 2 cores). Above the project's 60 s, never below it (issue 20).
 */
export const TYPING_TEST_TIMEOUT = 120_000;

/**
 * The first rows of a screen: its page is a lazy chunk, compiled the first time a test file loads
 * it (over 5 s under load: issue 20). Longer than test-setup.ts's 15 s, never shorter.
 */
export const FIRST_LOAD = { timeout: 30_000 };

/** Renders `element` with the toast and the dialog, under the app's providers, at `entry` of a memory router. */
const renderWithHosts = (path: string, element: ReactNode, entry: Parameters<typeof createMemoryRouter>[1] = {}) => {
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <ToastHost />
            <DialogHost />
          </>
        ),
      },
    ],
    entry,
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
};

/** The back office at a path (with its query, if any), with a fresh query client, the toast and the dialog. */
export const renderBackoffice = (path: string, state?: unknown) => {
  const [pathname, search] = path.split(/(?=\?)/);
  return renderWithHosts('/cms/*', <BackofficeApp />, { initialEntries: [{ pathname, search: search ?? '', state }] });
};

/**
 * One piece of the back office (an event editor's section) at a path, with the same providers,
 * the toast and the dialog: for a component the routes do not reach on their own (a section as
 * another role sees it). The signed-in user is the one of `signInStaff`.
 */
export const renderInBackoffice = (element: ReactNode, path = '/cms') => renderWithHosts('*', element, { initialEntries: [path] });

/** The fields of a multipart save the fake server saw (its FormData as an object; files as File). */
export const multipartFields = (data: unknown): Record<string, FormDataEntryValue> => {
  if (!(data instanceof FormData)) throw new Error('The save was not multipart.');
  return Object.fromEntries(data.entries());
};

/**
 * jsdom has no object URLs: a chosen file's preview gets 'blob:preview' while the test runs.
 * Call it in `beforeEach`; the stubs go with `vi.restoreAllMocks` after each test.
 */
export const stubObjectUrls = () => {
  const url = URL as unknown as Record<'createObjectURL' | 'revokeObjectURL', unknown>;
  url.createObjectURL ??= () => '';
  url.revokeObjectURL ??= () => undefined;
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
};
