import { z } from 'zod';
import { idSchema } from './common';
import { DEFAULT_TIME_ZONE, wallClock } from '../zones';

export { certificatePaths } from './paths';

/**
 * Attendance certificates (issue 15, decision 050). An admin turns them on per event with a
 * minimum watch time — minutes, or a share (%) of the programme's total duration — and a text;
 * a client who watched enough of the event's lectures (decision 047's watch sessions) issues
 * their certificate once; its code verifies publicly on /certificados/{code}.
 */

/**
 * The code's alphabet: Crockford's base32 (no I, L, O, U), 5 bits a character. Sixteen
 * characters in four groups, 'XXXX-XXXX-XXXX-XXXX': 80 random bits.
 */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/**
 * A code as a person may type it (lower case, spaces, no dashes, O for 0, I or L for 1) in its
 * one spelling; null when it cannot be a code.
 */
export const normaliseCertificateCode = (typed: string): string | null => {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{16}$/.test(plain)) return null;
  return plain.match(/.{4}/g)!.join('-');
};

/** The placeholders of a certificate's text, filled on the PDF. */
export const CERTIFICATE_PLACEHOLDERS = ['nome', 'evento', 'horas', 'data', 'codigo'] as const;
export type CertificatePlaceholder = (typeof CERTIFICATE_PLACEHOLDERS)[number];

/** Fills {nome}, {evento}, {horas}, {data} and {codigo}; an unknown {word} is left as typed. */
export const fillCertificateText = (text: string, values: Record<CertificatePlaceholder, string>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    (CERTIFICATE_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as CertificatePlaceholder] : whole,
  );

/** Watched time as a certificate prints it: '12 h 30 min', '45 min', '2 h' (whole minutes, rounded down). */
export const formatWatchTime = (seconds: number): string => {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
};

/** 'DD/MM/YYYY' of an instant in a zone (the issue date, in the event's zone). */
export const certificateDate = (iso: string, timeZone: string = DEFAULT_TIME_ZONE): string => {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const w = wallClock(instant, timeZone);
  return `${String(w.day).padStart(2, '0')}/${String(w.month).padStart(2, '0')}/${w.year}`;
};

/** The event's rule, as its settings hold it. */
export interface CertificateRule {
  minMinutes: number | null;
  minShare: number | null;
}

/**
 * The seconds a client must have watched: `minMinutes` × 60, or `minShare` % of the programme's
 * seconds rounded up. Null when the rule cannot be met: no threshold, or a share of a programme
 * without duration.
 */
export const requiredSeconds = (rule: CertificateRule, programmeSeconds: number): number | null => {
  if (rule.minMinutes !== null && rule.minMinutes > 0) return rule.minMinutes * 60;
  if (rule.minShare !== null && rule.minShare > 0) {
    if (programmeSeconds <= 0) return null;
    return Math.ceil((programmeSeconds * rule.minShare) / 100);
  }
  return null;
};

/** Whether watched seconds reach the rule (something must have been watched). */
export const reachesThreshold = (watched: number, required: number | null): boolean =>
  required !== null && watched > 0 && watched >= required;

export const certificateCodeSchema = z.string().regex(CERTIFICATE_CODE_PATTERN);

/** A client's certificate (their own: the status answer, the issue answer). */
export const certificateSchema = z.object({
  code: certificateCodeSchema,
  eventId: idSchema,
  eventName: z.string(),
  /** The name as printed (the client's at issuance). */
  name: z.string(),
  /** Seconds watched at issuance (the PDF prints them as '12 h 30 min'). */
  seconds: z.number().int().min(0),
  issuedAt: z.string(),
  /** The event's zone: the issue date is printed in it. */
  timezone: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** `GET /certificates/me?eventId=`: where the signed-in client stands for an event. */
export const certificateStatusSchema = z.object({
  eventId: idSchema,
  /** The event gives certificates (its switch on and a threshold set). */
  enabled: z.boolean(),
  /** How the threshold was set: minutes, or a share of the programme. */
  rule: z.enum(['minutes', 'share']).nullable(),
  /** The share (%) when the rule is a share. */
  minShare: z.number().int().nullable(),
  /** The programme's total, the sum of the event's lectures' durations. */
  programmeMinutes: z.number().int().min(0),
  watchedSeconds: z.number().int().min(0),
  watchedMinutes: z.number().int().min(0),
  /** Null when the rule cannot be met (no threshold, a share of an empty programme). */
  requiredSeconds: z.number().int().nullable(),
  requiredMinutes: z.number().int().nullable(),
  eligible: z.boolean(),
  /** A soft session (an e-mail only) cannot issue: the name printed must be the account's own. */
  fullAccountRequired: z.boolean(),
  certificate: certificateSchema.nullable(),
});
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

export const certificateStatusQuerySchema = z.object({ eventId: z.coerce.number().int().positive() });

export const certificateIssueInputSchema = z.object({ eventId: z.number().int().positive() });
export type CertificateIssueInput = z.infer<typeof certificateIssueInputSchema>;

/** The 403 `certificates.error.notEligible` carries the figures. */
export const certificateShortfallSchema = z.object({
  watchedMinutes: z.number().int(),
  requiredMinutes: z.number().int().nullable(),
});
export type CertificateShortfall = z.infer<typeof certificateShortfallSchema>;

/**
 * `GET /certificates/verify/:code` (public): what a certificate says. `revoked` when its holder
 * deleted their account (LGPD): the name is no longer shown.
 */
export const certificateVerificationSchema = z.object({
  code: certificateCodeSchema,
  status: z.enum(['valid', 'revoked']),
  name: z.string().nullable(),
  eventName: z.string(),
  seconds: z.number().int().min(0),
  issuedAt: z.string(),
  timezone: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** One row of a client's LGPD export. */
export interface CertificateExport {
  code: string;
  eventId: number | null;
  name: string;
  seconds: number;
  issuedAt: string;
}
