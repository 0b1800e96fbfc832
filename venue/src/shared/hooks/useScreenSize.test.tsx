import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SCREEN_SIZE_STEPS } from '../../testing/fixtures';
import { useAppState } from '../state/store';
import { useScreenSizeTracking } from './useScreenSize';

const resizeTo = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
};

describe('useScreenSizeTracking (SPEC §4 breakpoints)', () => {
  it('sets the class from the window width and follows resizes', () => {
    resizeTo(1920);
    const { unmount } = renderHook(() => useScreenSizeTracking());
    expect(useAppState.getState().layout.screen).toBe('xl');
    for (const [width, size] of SCREEN_SIZE_STEPS) {
      act(() => resizeTo(width));
      expect(useAppState.getState().layout.screen).toBe(size);
    }
    unmount();
    act(() => resizeTo(320));
    expect(useAppState.getState().layout.screen).toBe('xl');
  });

  it('is not persisted (layout is per window)', () => {
    renderHook(() => useScreenSizeTracking());
    act(() => resizeTo(500));
    expect(useAppState.getState().layout.screen).toBe('sm');
    expect(localStorage.getItem('plataforma:state') ?? '').not.toContain('layout');
  });

  it("starts at the window's class, so a phone's first render is a phone's (not a desktop's redrawn once mounted)", async () => {
    vi.resetModules();
    vi.stubGlobal('innerWidth', 390);
    try {
      const { useAppState: fresh } = await import('../state/store');
      expect(fresh.getState().layout.screen).toBe('sm');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
