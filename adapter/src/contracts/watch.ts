import { z } from 'zod';
import { idSchema } from './common';

export { watchPaths } from './paths';

/**
 * What the lecture screen and the room player post every 30 s while the video plays in a visible
 * tab (decision 047). The server credits the time itself: at most 30 s per heartbeat, never more
 * than the time since the client's previous heartbeat of the lecture.
 */
export const watchHeartbeatInputSchema = z.object({ lectureId: z.number().int().positive() });
export type WatchHeartbeatInput = z.infer<typeof watchHeartbeatInputSchema>;

/** The answer (202): the heartbeat is accepted and written with others shortly after. */
export const watchHeartbeatSchema = z.object({ lectureId: idSchema, acceptedAt: z.string() });
export type WatchHeartbeat = z.infer<typeof watchHeartbeatSchema>;

/** One row of a client's LGPD export: a lecture they watched and for how long. */
export interface WatchSessionExport {
  lectureId: number | null;
  eventId: number | null;
  seconds: number;
  heartbeats: number;
  firstHeartbeatAt: string | null;
  lastHeartbeatAt: string | null;
  /** The minutes (their start, ISO) in which a heartbeat came: the dashboards' concurrency (decision 048). */
  minutes: string[];
}
