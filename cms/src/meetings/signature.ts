import crypto from 'node:crypto';

/**
 * How long a signature lets a Zoom Meeting SDK client join: Zoom's shortest (its `exp` must be at
 * least 1,800 s after `iat`). A visitor asks for one when opening the meeting, so it never needs longer.
 */
export const ZOOM_SIGNATURE_SECONDS = 1800;
/** `iat` a little in the past, so a client whose clock runs behind Zoom's is not refused. */
const CLOCK_SKEW_SECONDS = 30;

export interface ZoomSignatureInput {
  sdkKey: string;
  sdkSecret: string;
  meetingNumber: string;
  /** 0 attendee, 1 host. */
  role: 0 | 1;
  now: Date;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The Meeting SDK's signature (decision 028): a JWT signed with HMAC-SHA256 by the SDK secret,
 * naming the SDK key, the meeting number and the role, as Zoom's own auth endpoint sample does.
 */
export const zoomSignature = ({
  sdkKey,
  sdkSecret,
  meetingNumber,
  role,
  now,
}: ZoomSignatureInput): { signature: string; expiresAt: Date } => {
  const iat = Math.floor(now.getTime() / 1000) - CLOCK_SKEW_SECONDS;
  const exp = iat + ZOOM_SIGNATURE_SECONDS;
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ appKey: sdkKey, sdkKey, mn: meetingNumber, role, iat, exp, tokenExp: exp })}`;
  const mac = crypto.createHmac('sha256', sdkSecret).update(unsigned).digest('base64url');
  return { signature: `${unsigned}.${mac}`, expiresAt: new Date(exp * 1000) };
};
