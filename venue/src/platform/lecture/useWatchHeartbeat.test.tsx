import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppState } from '../../shared/state/store';
import { signInFullVisitor, signInVisitor } from '../../testing/render';
import { HEARTBEAT_MS, useWatchHeartbeat, type HeartbeatSender } from './useWatchHeartbeat';

const Probe = ({ lectureId, playing, send }: { lectureId: number | null; playing: boolean; send: HeartbeatSender }) => {
  useWatchHeartbeat(lectureId, playing, send);
  return null;
};

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) =>
  act(() => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

const mount = (lectureId: number | null, playing: boolean) => {
  const send = vi.fn<HeartbeatSender>().mockResolvedValue(undefined);
  const view = render(
    <StrictMode>
      <Probe lectureId={lectureId} playing={playing} send={send} />
    </StrictMode>,
  );
  const rerender = (next: { lectureId?: number | null; playing?: boolean }) =>
    view.rerender(
      <StrictMode>
        <Probe lectureId={next.lectureId === undefined ? lectureId : next.lectureId} playing={next.playing ?? playing} send={send} />
      </StrictMode>,
    );
  return { send, rerender, unmount: view.unmount };
};

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  signInFullVisitor();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useAppState.getState().signOut();
});

describe('useWatchHeartbeat', () => {
  it('sends a heartbeat every 30 s while the lecture plays in a visible tab', () => {
    const { send, unmount } = mount(7, true);
    advance(HEARTBEAT_MS - 1);
    expect(send).not.toHaveBeenCalled();
    advance(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith(7);
    advance(2 * HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(3);
    unmount();
    advance(5 * HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('stops the clock on pause and goes on from where it stopped when playing again', () => {
    const { send, rerender } = mount(7, true);
    advance(20_000);
    rerender({ playing: false });
    advance(10 * HEARTBEAT_MS); // paused for five minutes: nothing
    expect(send).not.toHaveBeenCalled();
    rerender({ playing: true });
    advance(9_999);
    expect(send).not.toHaveBeenCalled();
    advance(1); // 20 s before the pause + 10 s after it
    expect(send).toHaveBeenCalledTimes(1);
    rerender({ playing: false }); // ended
    advance(10 * HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while the tab is hidden, and goes on when it is visible again', () => {
    const { send } = mount(7, true);
    advance(25_000);
    setVisibility('hidden');
    advance(10 * HEARTBEAT_MS);
    expect(send).not.toHaveBeenCalled();
    setVisibility('visible');
    advance(5_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without a client session, nor without a lecture', () => {
    useAppState.getState().signOut();
    const signedOut = mount(7, true);
    advance(5 * HEARTBEAT_MS);
    expect(signedOut.send).not.toHaveBeenCalled();
    signedOut.unmount();
    signInFullVisitor();
    const none = mount(null, true);
    advance(5 * HEARTBEAT_MS);
    expect(none.send).not.toHaveBeenCalled();
  });

  it('sends nothing for a soft session (an e-mail only): its time is not credited (decision 102)', () => {
    useAppState.getState().signOut();
    signInVisitor();
    const soft = mount(7, true);
    advance(5 * HEARTBEAT_MS);
    expect(soft.send).not.toHaveBeenCalled();
  });

  it('counts another lecture from zero', () => {
    const { send, rerender } = mount(7, true);
    advance(20_000);
    rerender({ lectureId: 8 });
    advance(10_000);
    expect(send).not.toHaveBeenCalled();
    advance(20_000);
    expect(send).toHaveBeenCalledExactlyOnceWith(8);
  });

  it('never lets a failed heartbeat reach the page', async () => {
    const send = vi.fn<HeartbeatSender>().mockRejectedValue(new Error('offline'));
    render(<Probe lectureId={7} playing send={send} />);
    advance(HEARTBEAT_MS);
    await act(async () => {
      await Promise.resolve();
    });
    expect(send).toHaveBeenCalledTimes(1);
    advance(HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
