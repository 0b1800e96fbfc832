import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '@plataforma/adapter';
import { CLIENT_TOKEN_KEY, STAFF_TOKEN_KEY, STATE_KEY, useAppState } from './store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast (SPEC §3, §4)', () => {
  it('hides after 3000 ms by default', () => {
    act(() => useAppState.getState().showToast('Salvo', 'success'));
    expect(useAppState.getState().toast).toMatchObject({ show: true, message: 'Salvo', type: 'success', timeout: 3000 });
    act(() => void vi.advanceTimersByTime(2999));
    expect(useAppState.getState().toast.show).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(useAppState.getState().toast.show).toBe(false);
  });

  it('on a change hides the old one and shows the new after 1 s', () => {
    act(() => useAppState.getState().showToast('Primeiro'));
    act(() => useAppState.getState().showToast('Segundo', 'error'));
    expect(useAppState.getState().toast.show).toBe(false);
    act(() => void vi.advanceTimersByTime(999));
    expect(useAppState.getState().toast.show).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(useAppState.getState().toast).toMatchObject({ show: true, message: 'Segundo', type: 'error' });
  });
});

describe('dialog', () => {
  it("leaves unset button labels to the dialog, which shows the pack's 'Não' and 'Sim' (DialogHost test)", () => {
    act(() => useAppState.getState().openDialog({ header: 'Aviso', body: 'Excluir?' }));
    expect(useAppState.getState().dialog).toMatchObject({ open: true, header: 'Aviso', body: 'Excluir?' });
    expect(useAppState.getState().dialog.negativeLabel).toBeUndefined();
    act(() => useAppState.getState().openDialog({ header: 'Aviso', body: 'Sair?', negativeLabel: 'Voltar', positiveLabel: 'Sair' }));
    expect(useAppState.getState().dialog).toMatchObject({ negativeLabel: 'Voltar', positiveLabel: 'Sair' });
    act(() => useAppState.getState().closeDialog());
    expect(useAppState.getState().dialog.open).toBe(false);
  });
});

describe('persistence', () => {
  it('keeps the state under one key without the layout, and tokens under their own keys', () => {
    act(() => {
      useAppState.getState().signIn({ id: 1, name: 'Ana', email: 'a@b.c', role: 'admin' } as StaffUser, 'user', 'staff-token');
      useAppState.getState().setScreen('sm');
      useAppState.getState().addCartItem(3, { kind: 'event', id: 3 });
    });
    const saved = JSON.parse(localStorage.getItem(STATE_KEY) as string);
    expect(saved.state.auth.currentUser.name).toBe('Ana');
    expect(saved.state.carts['3'].step).toBe(1);
    expect(saved.state).not.toHaveProperty('layout');
    expect(JSON.stringify(saved)).not.toContain('staff-token');
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBe('staff-token');
  });

  it('logout removes both tokens', () => {
    localStorage.setItem(STAFF_TOKEN_KEY, 'a');
    localStorage.setItem(CLIENT_TOKEN_KEY, 'b');
    act(() => useAppState.getState().signOut());
    expect(localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(CLIENT_TOKEN_KEY)).toBeNull();
    expect(useAppState.getState().auth.userAuthenticated).toBe(false);
  });
});
