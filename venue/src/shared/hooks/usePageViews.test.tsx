import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { PageViewInput } from '@plataforma/adapter';
import { ROUTER_FUTURE } from '../../App';
import { pageViewOf, usePageViews, type PageViewRecorder } from './usePageViews';

const Probe = ({ record }: { record: PageViewRecorder }) => {
  usePageViews(record);
  return <Outlet />;
};

const mount = (record: PageViewRecorder, path = '/a') => {
  const router = createMemoryRouter([{ path: '*', element: <Probe record={record} /> }], {
    initialEntries: [path],
    future: ROUTER_FUTURE,
  });
  render(
    <StrictMode>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </StrictMode>,
  );
  return router;
};

describe('pageViewOf', () => {
  it('reads the event of a platform path and the stand of an estande path', () => {
    expect(pageViewOf('/plataforma/1/estande/2-vitalis', 'pt')).toEqual({
      path: '/plataforma/1/estande/2-vitalis',
      eventId: 1,
      standId: 2,
      language: 'pt',
    });
    expect(pageViewOf('/plataforma/7-cbmi/hall-entrada', 'al', 'https://busca.exemplo/')).toEqual({
      path: '/plataforma/7-cbmi/hall-entrada',
      eventId: 7,
      referrer: 'https://busca.exemplo/',
      language: 'al',
    });
  });

  it('sends no event outside the platform or for a slug that is not an id', () => {
    expect(pageViewOf('/cms/login', 'en')).toEqual({ path: '/cms/login', language: 'en' });
    expect(pageViewOf('/plataforma/abc/hall-entrada', 'pt')).toEqual({ path: '/plataforma/abc/hall-entrada', language: 'pt' });
  });

  it('keeps path and referrer within the 500 characters the API takes', () => {
    const long = `/${'x'.repeat(800)}`;
    const input = pageViewOf(long, 'pt', `https://a.b/${'y'.repeat(800)}`);
    expect(input.path).toHaveLength(500);
    expect(input.referrer).toHaveLength(500);
  });
});

describe('usePageViews', () => {
  it('records one view per path even under StrictMode, and one more per navigation', async () => {
    const record = vi.fn<(input: PageViewInput) => Promise<unknown>>().mockResolvedValue(undefined);
    const router = mount(record);
    expect(record).toHaveBeenCalledTimes(1);
    expect(record.mock.calls[0][0]).toMatchObject({ path: '/a', language: 'pt' });
    await act(() => router.navigate('/b'));
    expect(record).toHaveBeenCalledTimes(2);
    expect(record.mock.calls[1][0]).toMatchObject({ path: '/b', referrer: `${window.location.origin}/a` });
    await act(() => router.navigate('/a'));
    expect(record).toHaveBeenCalledTimes(3);
  });

  it('survives a recorder that throws or rejects', async () => {
    const throwing = vi.fn(() => {
      throw new Error('blocked');
    });
    expect(() => mount(throwing)).not.toThrow();
    const rejecting = vi.fn(() => Promise.reject(new Error('offline')));
    expect(() => mount(rejecting, '/c')).not.toThrow();
    await act(async () => undefined);
    expect(rejecting).toHaveBeenCalledTimes(1);
  });
});
