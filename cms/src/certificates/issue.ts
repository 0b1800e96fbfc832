import type { Core } from '@strapi/strapi';
import { ApiError, type Certificate, type CertificateExport } from '@plataforma/adapter';
import { queueCertificateEmail } from '../email/order-emails';
import { isoString } from '../lib/wire';
import { newCertificateCode } from './code';

export const CERTIFICATE_UID = 'api::certificate.certificate';

/** One certificate per client and event (a unique index, database/sql). */
export const certificateKey = (clientId: number, eventId: number): string => `${clientId}:${eventId}`;

export interface CertificateRow {
  id: number;
  code: string;
  name: string | null;
  eventName: string | null;
  seconds: number | null;
  text: string | null;
  issuedAt: string | Date;
  revokedAt: string | Date | null;
  event?: { id: number; name: string; timezone: string | null } | null;
  client?: { id: number } | null;
}

const COLUMNS = ['id', 'code', 'name', 'eventName', 'seconds', 'text', 'issuedAt', 'revokedAt'];
const POPULATE = { event: { select: ['id', 'name', 'timezone'] }, client: { select: ['id'] } };

export const findCertificate = async (strapi: Core.Strapi, where: Record<string, unknown>): Promise<CertificateRow | null> =>
  (await strapi.db.query(CERTIFICATE_UID).findOne({ where, select: COLUMNS, populate: POPULATE })) as CertificateRow | null;

export const certificateToWire = (row: CertificateRow): Certificate => ({
  code: row.code,
  eventId: row.event?.id ?? 0,
  eventName: row.eventName || row.event?.name || '',
  name: row.name ?? '',
  seconds: Number(row.seconds ?? 0),
  issuedAt: isoString(row.issuedAt),
  timezone: row.event?.timezone || 'America/Sao_Paulo',
});

/**
 * Issues the client's certificate of an event once: the name and the seconds watched are fixed
 * at issuance; a second call (a re-download, a double click, another instance) reads back the one
 * stored — the unique key (client, event) decides a race, and a code taken by chance (2^-80) is
 * drawn again.
 */
export const issueCertificate = async (
  strapi: Core.Strapi,
  input: { clientId: number; eventId: number; name: string; eventName: string; seconds: number; text: string | null },
): Promise<CertificateRow> => {
  const key = certificateKey(input.clientId, input.eventId);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const existing = await findCertificate(strapi, { key });
    if (existing) return existing;
    try {
      // The certificate and its e-mail (the link, the PDF: decision 109) both or neither.
      await strapi.db.transaction(async () => {
        const row = (await strapi.db.query(CERTIFICATE_UID).create({
          data: {
            key,
            code: newCertificateCode(),
            name: input.name,
            eventName: input.eventName,
            seconds: input.seconds,
            text: input.text,
            issuedAt: new Date(),
            client: input.clientId,
            event: input.eventId,
          },
          select: ['id'],
        })) as { id: number };
        // An address the mail refuses (malformed) does not keep the certificate from the holder.
        await queueCertificateEmail(strapi, row.id).catch((error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
          strapi.log.warn(`certificates: ${row.id}: the e-mail was not queued: ${error.message}`);
        });
      });
    } catch (error) {
      // A unique index refused it: the same key (another request won) or, once in 2^80, the code.
      strapi.log.debug(`certificates: issue retried: ${(error as Error).message}`);
    }
  }
  const stored = await findCertificate(strapi, { key });
  if (!stored) throw new Error('certificates: could not store a certificate');
  return stored;
};

/** A client's certificates for the LGPD export. */
export const certificatesOf = async (strapi: Core.Strapi, clientId: number): Promise<CertificateExport[]> => {
  const rows = (await strapi.db.query(CERTIFICATE_UID).findMany({
    where: { client: { id: clientId } },
    select: COLUMNS,
    populate: POPULATE,
    orderBy: { id: 'asc' },
  })) as CertificateRow[];
  return rows.map((row) => ({
    code: row.code,
    eventId: row.event?.id ?? null,
    name: row.name ?? '',
    seconds: Number(row.seconds ?? 0),
    issuedAt: isoString(row.issuedAt),
  }));
};
