import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { HALLS } from '../halls/registry';
import { mockVenueApi, renderAt, signInVisitor } from '../../testing/render';

// Issue 17 (decision 062): a hall's parts are made from its data once per answer, not on every
// render of the page. Each render of the page made every part again and drew the whole scene,
// in tasks React cannot slice (a phone's main thread, Lighthouse's blocking time).

mockVenueApi();
beforeEach(() => {
  signInVisitor();
  vi.spyOn(api.site.sponsors, 'list').mockResolvedValue({ rows: [], count: 0 });
});

describe('the parts of a drawn hall', () => {
  it('are made again when the data changes, not when the page re-renders for something else', async () => {
    const layout = vi.spyOn(HALLS.entrance, 'layout');
    renderAt('/plataforma/1/hall-entrada');
    await screen.findByRole('link', { name: /congresso/i });
    const made = layout.mock.calls.length;
    expect(made).toBeGreaterThan(0);

    // The help desk opens over the hall and closes: the page renders twice, the parts stay.
    act(() => useAppState.getState().setHallAction('contact'));
    await screen.findByRole('dialog');
    act(() => useAppState.getState().setHallAction(null));
    act(() => useAppState.getState().showToast('Salvo', 'success'));
    expect(layout.mock.calls.length).toBe(made);

    // The list twin is made from the same parts: no new ones either.
    act(() => useAppState.getState().setHallView('list'));
    await screen.findByRole('heading', { level: 1 });
    expect(layout.mock.calls.length).toBe(made);
    act(() => useAppState.getState().setHallView('scene'));
  });
});
