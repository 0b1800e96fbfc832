import { useEffect, useRef, useState } from 'react';
import { WATCH_HEARTBEAT_SECONDS } from '@plataforma/adapter/constants';
import { useAppState } from '../../shared/state/store';
import { sendHeartbeat } from './api';

/** How often a heartbeat goes while a lecture plays (the server credits at most this much each). */
export const HEARTBEAT_MS = WATCH_HEARTBEAT_SECONDS * 1000;

export type HeartbeatSender = (lectureId: number) => Promise<unknown>;

const defaultSender: HeartbeatSender = sendHeartbeat;

/** Whether the tab is visible (document.visibilityState), following its changes. */
const usePageVisible = (): boolean => {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
};

/**
 * Lecture watching (decision 047): a heartbeat every 30 s of playing while the tab is visible and
 * a client is signed in with a full session; nothing otherwise (a soft session's would not count). The 30 s are of playing time: a
 * pause or a hidden tab stops the clock and playing again goes on from where it stopped, so 20 s
 * before a pause and 10 s after it make a heartbeat. Another lecture starts a new count.
 * Fire-and-forget: a failure never reaches the page. The server credits the time itself.
 */
export const useWatchHeartbeat = (lectureId: number | null, playing: boolean, send: HeartbeatSender = defaultSender): void => {
  // A soft session's time is not credited (decision 102): it sends none (SoftWatchNote says why).
  const clientId = useAppState((state) =>
    state.auth.clientAuthenticated && !state.auth.currentClient?.soft ? (state.auth.currentClient?.id ?? null) : null,
  );
  const visible = usePageVisible();
  const active = lectureId !== null && playing && visible && clientId !== null;
  // Playing time counted toward the next heartbeat, of one lecture.
  const played = useRef<{ lectureId: number | null; ms: number }>({ lectureId: null, ms: 0 });
  const sender = useRef(send);
  sender.current = send;

  useEffect(() => {
    if (!active || lectureId === null) return undefined;
    if (played.current.lectureId !== lectureId) played.current = { lectureId, ms: 0 };
    let since = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const arm = (delay: number) => {
      timer = setTimeout(
        () => {
          played.current.ms = 0;
          since = Date.now();
          try {
            void sender.current(lectureId).catch(() => undefined);
          } catch {
            // A sender that throws at once must not break the player either.
          }
          arm(HEARTBEAT_MS);
        },
        Math.max(0, delay),
      );
    };
    arm(HEARTBEAT_MS - played.current.ms);
    return () => {
      clearTimeout(timer);
      played.current.ms += Date.now() - since;
    };
  }, [active, lectureId, clientId]);
};
