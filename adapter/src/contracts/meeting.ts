import { z } from 'zod';
import { idSchema } from './common';

export { meetingPaths } from './paths';

/**
 * `POST /api/site/v1/meetings/signature` (SPEC §7, declared): the room whose meeting to join and,
 * for an admin, the host role. The meeting number is never taken from the request: it comes from
 * the room's own link, so a signature can only be had for a meeting staff put on a room.
 */
export const meetingSignatureInputSchema = z
  .object({
    roomId: z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value), idSchema),
    role: z.enum(['attendee', 'host']).default('attendee'),
  })
  .strict();
export type MeetingSignatureInput = z.input<typeof meetingSignatureInputSchema>;

/** What a Zoom Meeting SDK client's `join` takes, with when the signature stops being accepted. */
export const meetingSignatureSchema = z.object({
  roomId: idSchema,
  /** The SDK key (public: the SDK sends it along), never the secret. */
  sdkKey: z.string(),
  meetingNumber: z.string(),
  /** The passcode carried in the room's link (`pwd=`), when it has one. */
  passcode: z.string().nullable(),
  /** Zoom's role: 0 attendee, 1 host. */
  role: z.union([z.literal(0), z.literal(1)]),
  signature: z.string(),
  expiresAt: z.string(),
});
export type MeetingSignature = z.infer<typeof meetingSignatureSchema>;

const ZOOM_HOST = /^(?:[a-z0-9-]+\.)*(?:zoom\.us|zoomgov\.com)$/;
const MEETING_NUMBER = /^\d{9,12}$/;

/**
 * The Zoom meeting a room's link names (`https://zoom.us/j/85012345678?pwd=…`, a company's
 * `acme.zoom.us/j/…`, `us02web.zoom.us/w/…`, the web client's `/wc/join/…` and `/wc/…/join`,
 * zoomgov.com), with the passcode the link carries; null for anything else (another host, a
 * look-alike such as `zoom.us.example.com`, a personal link name, a webinar registration page).
 */
export const zoomMeeting = (link: string | null | undefined): { meetingNumber: string; passcode: string | null } | null => {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !ZOOM_HOST.test(url.hostname.toLowerCase()) || url.username || url.password) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | undefined;
  if ((segments[0] === 'j' || segments[0] === 'w' || segments[0] === 's') && segments.length === 2) candidate = segments[1];
  else if (segments[0] === 'wc' && segments[1] === 'join' && segments.length === 3) candidate = segments[2];
  else if (segments[0] === 'wc' && segments.length === 3 && segments[2] === 'join') candidate = segments[1];
  const meetingNumber = candidate?.replace(/-/g, '');
  if (!meetingNumber || !MEETING_NUMBER.test(meetingNumber)) return null;
  const passcode = url.searchParams.get('pwd');
  return { meetingNumber, passcode: passcode && /^[\w.-]{1,100}$/.test(passcode) ? passcode : null };
};
