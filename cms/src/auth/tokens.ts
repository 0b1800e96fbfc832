import crypto from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import { authSettings } from './settings';

export type Audience = 'staff' | 'client';

const ISSUER = 'plataforma';
/** Only this algorithm is accepted: no `none`, no key confusion. */
const ALGORITHMS: jwt.Algorithm[] = ['HS256'];

/**
 * The signing key as a KeyObject, made once per secret. Given the secret as a string,
 * jsonwebtoken first tries it as a PEM key (createPublicKey/createPrivateKey throwing) on every
 * sign and verify: a tenth of the server's time under a congress opening (issue 16 §2).
 */
let key: { secret: string; object: crypto.KeyObject; generation: number } | null = null;
const currentKey = () => {
  const { secret } = authSettings();
  if (key?.secret !== secret)
    key = { secret, object: crypto.createSecretKey(Buffer.from(secret, 'utf8')), generation: (key?.generation ?? 0) + 1 };
  return key;
};
const secretKey = (): crypto.KeyObject => currentKey().object;

/** Changes when the signing secret does: a token verified under another one is not trusted again (session-memo.ts). */
export const signingKeyGeneration = (): number => currentKey().generation;

export interface TokenClaims {
  sub: string;
  aud: Audience;
  jti: string;
  exp: number;
}

export const signToken = (claims: { sub: number; aud: Audience; jti: string; expiresAt: Date }): string =>
  jwt.sign({ exp: Math.floor(claims.expiresAt.getTime() / 1000) }, secretKey(), {
    algorithm: 'HS256',
    subject: String(claims.sub),
    audience: claims.aud,
    jwtid: claims.jti,
    issuer: ISSUER,
  });

/** The claims of a valid token for one of the audiences, or null (bad signature, expired, foreign…). */
export const verifyToken = (token: string, audiences: Audience[]): TokenClaims | null => {
  if (audiences.length === 0) return null;
  try {
    const payload = jwt.verify(token, secretKey(), {
      algorithms: ALGORITHMS,
      audience: audiences as [Audience, ...Audience[]],
      issuer: ISSUER,
    }) as JwtPayload;
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    if (aud !== 'staff' && aud !== 'client') return null;
    return { sub: payload.sub, aud, jti: payload.jti, exp: payload.exp };
  } catch {
    return null;
  }
};

/** The bearer token of a request, if any. */
export const bearer = (header: string | undefined): string | null => {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
};
