import { z } from 'zod';
import { digits, emailSchema, idSchema, optionalText, personNameSchema } from './common';
import { WEB_ADDRESS_PATTERN } from '../field-rules';
import { languageSchema } from './language';
import { listOrder, type OrderFieldOf } from '../list-query';
import { CLIENT_ERASURE_WORD } from '../constants';
import type { WatchSessionExport } from './watch';
import type { StandEventExport } from './stand-event';
import type { CertificateExport } from './certificate';

export { clientPaths } from './paths';

/**
 * A social link of a profile: blank (stored as none), or a web address, http or https only — the
 * network room shows it as a link to everyone in it (a `javascript:` one would run there).
 */
const socialLink = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .pipe(z.string().max(255).regex(WEB_ADDRESS_PATTERN).nullish());

/** A client's profile fields (SPEC §3 Client). CPF, CEP and phone travel as digits. */
export const clientProfileSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  cpf: digits(11).nullish(),
  postalCode: digits(8).nullish(),
  address: optionalText(300),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/)
    .nullish(),
  city: optionalText(120),
  ddi: digits(4).nullish(),
  ddd: digits(3).nullish(),
  phone: digits(13).nullish(),
  language: languageSchema.optional(),
  facebook: socialLink,
  twitter: socialLink,
  linkedIn: socialLink,
});
export type ClientProfileInput = z.infer<typeof clientProfileSchema>;

export const clientRegisterSchema = clientProfileSchema.extend({
  password: z.string().max(200),
  passwordConfirm: z.string().max(200).optional(),
  /**
   * The terms of use and the privacy notice accepted (LGPD; issue 56, item 11): the site's form
   * asks for it and the server keeps when (`termsAcceptedAt`, in the client's data export).
   * Optional on the wire, as everything added to SPEC §4's call.
   */
  acceptTerms: z.boolean().optional(),
});
export type ClientRegisterInput = z.infer<typeof clientRegisterSchema>;
/**
 * The own profile's changes. A different e-mail (the login) takes the current password too;
 * the phone has its own route (`clientPaths.phone`).
 */
export const clientProfileUpdateSchema = clientProfileSchema.partial().extend({
  currentPassword: z.string().min(1).max(200).optional(),
});

/** Changing the own password while signed in: the current one, then the new one twice. */
export const clientPasswordChangeSchema = z.object({
  currentPassword: z.string().min(1).max(200),
  password: z.string().max(200),
  passwordConfirm: z.string().max(200),
});
export type ClientPasswordChange = z.infer<typeof clientPasswordChangeSchema>;

/**
 * Deleting the own account (LGPD art. 18, VI): the password, and the word the screen asks
 * to be typed, so no stray request or click erases an account.
 */
export const clientErasureSchema = z.object({
  password: z.string().min(1).max(200),
  confirm: z.literal(CLIENT_ERASURE_WORD),
});
export type ClientErasureInput = z.infer<typeof clientErasureSchema>;

/**
 * Everything the product holds about a client (LGPD art. 18, II and V): the profile, the events
 * entered, the sessions (without their tokens), page views, contacts, chats with their messages
 * and orders. Dates are ISO instants.
 */
export interface ClientDataExport {
  exportedAt: string;
  profile: ClientProfile & { listedInNetwork: boolean; networkShowEmail: boolean };
  eventsEntered: Array<{ id: number; name: string }>;
  sessions: Array<{
    createdAt: string;
    expiresAt: string | null;
    revokedAt: string | null;
    soft: boolean;
    ip: string | null;
    userAgent: string | null;
  }>;
  pageViews: Array<{
    createdAt: string;
    path: string;
    eventId: number | null;
    standId: number | null;
    referrer: string | null;
    language: string | null;
  }>;
  /** The lectures watched and for how long (decision 047). */
  watchSessions: WatchSessionExport[];
  /** What the client did at stands: media, documents, products, links, contacts, chats (decision 047). */
  standEvents: StandEventExport[];
  /** The attendance certificates issued to the client (decision 050). */
  certificates: CertificateExport[];
  /** When the address was confirmed through the registration's e-mail (decision 081), null while not. */
  emailConfirmedAt: string | null;
  /** When the terms of use and the privacy notice were accepted at registration (issue 56, item 11), null when not asked. */
  termsAcceptedAt: string | null;
  /** The e-mails sent (or queued, failed, suppressed) to the client (decision 081). */
  emails: Array<{
    id: number;
    to: string;
    template: string;
    subject: string;
    status: string;
    language: string;
    createdAt: string;
    sentAt: string | null;
  }>;
  contacts: Array<{
    createdAt: string;
    subject: string | null;
    name: string | null;
    email: string | null;
    phone: string | null;
    message: string | null;
    standId: number | null;
  }>;
  chats: Array<{
    id: number;
    standId: number | null;
    standName: string | null;
    createdAt: string;
    leadConsent: boolean;
    messages: Array<{ createdAt: string; senderType: string; text: string }>;
  }>;
  orders: Array<{ id: number; createdAt: string; status: string; total: string | null; discount: string | null; eventId: number | null }>;
  /** The lectures starred for 'Minha agenda', with the event of each. */
  agenda: Array<{ lectureId: number; name: string; startDate: string; eventId: number | null }>;
  /** The stands marked as favourites in the exhibitors' directory, with the event of each. */
  favourites: Array<{ standId: number; name: string; eventId: number | null }>;
  /** Whether a calendar feed of 'Minha agenda' exists, and since when (never its secret URL: decision 108). */
  calendarFeed: { active: boolean; createdAt: string | null };
}

/** The client's own profile as the API sends it (only to a full login). */
export const clientProfileWireSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  postalCode: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  ddi: z.string().nullable(),
  ddd: z.string().nullable(),
  phone: z.string().nullable(),
  /** Derived (SPEC §3): area code and number, digits ('11987654321'); null without a number. */
  dddPhone: z.string().nullable(),
  /** Derived (SPEC §3): country code, area code and number ('5511987654321'); null without a number or a country code. */
  dddFullPhone: z.string().nullable(),
  language: languageSchema,
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  linkedIn: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientProfile = z.infer<typeof clientProfileWireSchema>;

/**
 * Asking to change or remove the phone (the client's second factor): the password, and the
 * new phone (blank removes it). The code goes to the current phone, or to the new one when
 * there is none yet.
 */
export const clientPhoneRequestSchema = z.object({
  password: z.string().min(1).max(200),
  ddi: digits(4).nullish(),
  ddd: digits(3).nullish(),
  phone: digits(13).nullish(),
});
export type ClientPhoneRequest = z.infer<typeof clientPhoneRequestSchema>;

/** Confirming the change: the same fields, with the code and the attempt it answers. */
export const clientPhoneConfirmSchema = clientPhoneRequestSchema.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{3,8}$/),
  attemptId: z.string().min(1).max(100),
});
export type ClientPhoneConfirm = z.infer<typeof clientPhoneConfirmSchema>;

/** Where the code of a phone change went ('…4321') and when another may be asked. */
export const clientPhoneAnswerSchema = z.object({ attemptId: z.string(), resendIn: z.number(), sentTo: z.string() });
export type ClientPhoneAnswer = z.infer<typeof clientPhoneAnswerSchema>;

/** The back office's clients table: its sortable columns (SPEC §2.3), by id by default. */
export const clientOrder = listOrder(['id', 'name', 'email', 'createdAt', 'city', 'state'], { field: 'id', direction: 'asc' });
export type ClientOrderField = OrderFieldOf<typeof clientOrder>;

/** What a staff member sends to add a client (no password: the client enters with the soft login). */
export const clientAdminInputSchema = clientProfileSchema;
export type ClientAdminInput = z.infer<typeof clientAdminInputSchema>;
export const clientAdminUpdateSchema = clientProfileSchema.partial();

/** The file formats of the clients export. */
export const CLIENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ClientExportFormat = (typeof CLIENT_EXPORT_FORMATS)[number];

/** The spreadsheet formats the import reads, recognised by their bytes (never by the file's name). */
export const CLIENT_IMPORT_FORMATS = ['xlsx', 'xls', 'csv'] as const;
export type ClientImportFormat = (typeof CLIENT_IMPORT_FORMATS)[number];

/** queued (waiting for the import before it) → running → done | failed. */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The client fields an import column can fill (found by the column's header, SPEC §4). */
export const IMPORT_FIELDS = ['name', 'email', 'cpf', 'postalCode', 'address', 'state', 'city', 'ddi', 'ddd', 'phone'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A row the import skipped: its number in the file (the header is row 1), the column and a message key. */
export const importRejectSchema = z.object({
  row: z.number().int(),
  /** The column's header as the file wrote it; null when the row as a whole was refused. */
  column: z.string().nullable(),
  key: z.string(),
  /** What the cell held (cut to 100 characters). */
  value: z.string().nullable(),
});
export type ImportReject = z.infer<typeof importRejectSchema>;

/**
 * An import job as the back office polls it. `total` is known once the file was read through
 * (before anything is written); `read` counts the data rows handled so far, and
 * read = inserted + updated + unchanged + rejected. `queuePosition` is the number of jobs ahead
 * of a queued one. `rejects` holds the first rejected rows (all of them are in the report).
 */
export const clientImportJobSchema = z.object({
  id: idSchema,
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  format: z.enum(CLIENT_IMPORT_FORMATS).nullable(),
  /** The file's size in bytes. */
  size: z.number(),
  total: z.number().nullable(),
  read: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
  queuePosition: z.number().nullable(),
  /** The headers recognised, each with the field it fills. */
  columns: z.array(z.object({ header: z.string(), field: z.enum(IMPORT_FIELDS) })),
  /** The headers the import did not recognise (their cells are ignored). */
  unknownColumns: z.array(z.string()),
  /** Why a failed job failed (a message key); null otherwise. */
  error: z.string().nullable(),
  rejects: z.array(importRejectSchema),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ClientImportJob = z.infer<typeof clientImportJobSchema>;
