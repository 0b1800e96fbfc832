import { cancelPendingOrdersOf, SYSTEM } from '../../commerce/orders';
import type { Core } from '@strapi/strapi';
import { SESSION_UID, revokeAllSessions } from '../../auth/sessions';
import { CLIENT_UID } from './wire';
import { flushPageViews } from '../../analytics/page-views';
import { drainPageViewRollup } from '../../analytics/page-view-rollup';
import { eraseFromRollup } from '../../analytics/page-view-hours';
import { inTransaction } from '../../analytics/sql';
import { STAND_EVENT_UID, flushStandEvents } from '../../analytics/stand-events';
import { WATCH_SESSION_UID, flushHeartbeats } from '../../analytics/watch';
import { CERTIFICATE_UID } from '../../certificates/issue';
import { anonymiseClientEmails } from '../../email/messages';

/** What replaces a deleted account's words where a row must stay (decision 032). */
export const ERASED_TEXT = 'Removido a pedido do titular (LGPD).';
/** A deleted account's name when no order needs the buyer's name. */
export const ERASED_NAME = 'Conta excluída';
/** How long access records (when, from which IP) are kept: Marco Civil da Internet, art. 15. */
export const ACCESS_RECORD_MONTHS = 6;
/** Order states that are fiscal records (a sale, or a sale undone): the buyer stays named. */
const FISCAL_ORDER_STATES = ['paid', 'refunded'];

const CONTACT_UID = 'api::contact.contact';
const CHAT_UID = 'api::chat.chat';
const MESSAGE_UID = 'api::chat-message.chat-message';
const PAGE_VIEW_UID = 'api::page-view.page-view';
const ORDER_UID = 'api::order.order';
const SMS_CHALLENGE_UID = 'api::sms-challenge.sms-challenge';

/** The e-mail an erased account keeps: unique, not deliverable (RFC 2606), free for a new sign-up. */
export const erasedEmail = (id: number): string => `excluida-${id}@anonimo.invalid`;

type Uid = Parameters<Core.Strapi['db']['query']>[0];
const ids = (rows: unknown): number[] => (rows as Array<{ id: number }>).map((row) => row.id);

/**
 * Removes the link of every row of `uid` to this client (the link table's rows), in the
 * current transaction: what the rows say stays, without saying whose it was.
 */
const unlinkClient = async (strapi: Core.Strapi, uid: string, clientId: number): Promise<void> => {
  const attribute = strapi.db.metadata.get(uid).attributes.client as unknown as {
    joinTable?: { name: string; inverseJoinColumn: { name: string } };
  };
  const join = attribute.joinTable;
  if (!join) throw new Error(`${uid} has no link table to clients`);
  await strapi.db.transaction(async ({ trx }) => {
    await strapi.db.getConnection(join.name).transacting(trx).where(join.inverseJoinColumn.name, clientId).del();
  });
};

export interface ErasureSummary {
  /** Whether orders that are fiscal records kept the buyer's name and CPF. */
  keptBuyer: boolean;
  contacts: number;
  chats: number;
  messages: number;
  pageViews: number;
  watchSessions: number;
  standEvents: number;
  certificates: number;
  sessionsKept: number;
  sessionsDeleted: number;
}

/**
 * Deletes a client's account as LGPD art. 18, VI asks, in one transaction (decision 032):
 *
 * - the client row stays, anonymised, so the orders and access records the law keeps still have
 *   one owner and no one else's: contact data, address, documents, networking and password go,
 *   the e-mail becomes `erasedEmail(id)`, the login is locked and `erasedAt` set. The name and
 *   CPF stay only when an order is a fiscal record (paid or refunded: five years, CTN art. 173);
 * - sessions are ended (a connected chat is dropped); their time and IP stay six months
 *   (Marco Civil, art. 15) without the browser, older ones are deleted; SMS codes are deleted;
 * - contacts lose the sender's name, e-mail, phone and words, and their link to the client;
 * - the client's chat messages lose their words (the attendants' answers stay), the chats'
 *   last message too when it was theirs, and the lead consent;
 * - page views lose their link to the client (the counts stay);
 * - watch sessions and stand events lose their link to the client, and a watch session its key
 *   (which names the client's id): the minutes and clicks stay counted for the lecture and the
 *   stand, no longer whose they were (decision 047);
 * - attendance certificates are revoked: the printed name goes, the row stays with its code,
 *   event, hours and date, unlinked, so the code verifies as 'revoked at the holder's request'
 *   rather than unknown or with a deleted person's name (decision 048);
 * - the starred lectures of 'Minha agenda' and the favourite stands go (decision 034), and the
 *   calendar feed of the agenda (its URL answers 404 from then on, decision 108);
 * - pending orders are cancelled first, their charges at the provider too, so none stays payable;
 *   the other orders and payments stay as they are.
 */
export const eraseClient = async (strapi: Core.Strapi, clientId: number): Promise<ErasureSummary> => {
  const q = (uid: string) => strapi.db.query(uid as Uid);
  const owned = { client: { id: clientId } };
  // Pending orders end with the account, their charges cancelled at the provider (issue 47, item 7):
  // outside the transaction, since it asks the provider over the network.
  await cancelPendingOrdersOf(strapi, clientId, SYSTEM);
  // Views still in the buffer are written first: they lose their link to the client like the others.
  await flushPageViews(strapi);
  await flushHeartbeats(strapi);
  await flushStandEvents(strapi);
  // And rolled up (decision 075): the client's rollup rows then become anonymous whole.
  await drainPageViewRollup(strapi);
  return strapi.db.transaction(async () => {
    const fiscal = await q(ORDER_UID).count({ where: { ...owned, status: { $in: FISCAL_ORDER_STATES } } });
    const keptBuyer = fiscal > 0;

    await revokeAllSessions(strapi, 'client', clientId);
    const cutoff = new Date();
    cutoff.setMonth(cutoff.getMonth() - ACCESS_RECORD_MONTHS);
    const old = ids(await q(SESSION_UID).findMany({ where: { ...owned, createdAt: { $lt: cutoff } }, select: ['id'] }));
    if (old.length) await q(SESSION_UID).deleteMany({ where: { id: { $in: old } } });
    const kept = ids(await q(SESSION_UID).findMany({ where: owned, select: ['id'] }));
    if (kept.length) await q(SESSION_UID).updateMany({ where: { id: { $in: kept } }, data: { userAgent: null } });
    const codes = ids(await q(SMS_CHALLENGE_UID).findMany({ where: owned, select: ['id'] }));
    if (codes.length) await q(SMS_CHALLENGE_UID).deleteMany({ where: { id: { $in: codes } } });

    const contacts = ids(await q(CONTACT_UID).findMany({ where: owned, select: ['id'] }));
    if (contacts.length)
      await q(CONTACT_UID).updateMany({
        where: { id: { $in: contacts } },
        data: { name: null, email: null, phone: null, message: ERASED_TEXT, verified: false },
      });
    await unlinkClient(strapi, CONTACT_UID, clientId);

    const chats = ids(await q(CHAT_UID).findMany({ where: owned, select: ['id'] }));
    let messages = 0;
    if (chats.length) {
      await q(CHAT_UID).updateMany({ where: { id: { $in: chats } }, data: { leadConsent: false } });
      await q(CHAT_UID).updateMany({ where: { id: { $in: chats }, lastSender: 'client' }, data: { lastMessage: ERASED_TEXT } });
      const theirs = ids(await q(MESSAGE_UID).findMany({ where: { chat: { id: { $in: chats } }, senderType: 'client' }, select: ['id'] }));
      messages = theirs.length;
      if (theirs.length) await q(MESSAGE_UID).updateMany({ where: { id: { $in: theirs } }, data: { text: ERASED_TEXT } });
    }

    const pageViews = await q(PAGE_VIEW_UID).count({ where: owned });
    await unlinkClient(strapi, PAGE_VIEW_UID, clientId);
    // The dashboards' rollup: the client's rows become anonymous ones (decision 053).
    await inTransaction(strapi, (raw) => eraseFromRollup(raw, [clientId]));

    const watched = ids(await q(WATCH_SESSION_UID).findMany({ where: owned, select: ['id'] }));
    if (watched.length) await q(WATCH_SESSION_UID).updateMany({ where: { id: { $in: watched } }, data: { key: null } });
    await unlinkClient(strapi, WATCH_SESSION_UID, clientId);
    const standEvents = await q(STAND_EVENT_UID).count({ where: owned });
    await unlinkClient(strapi, STAND_EVENT_UID, clientId);

    const certificates = ids(await q(CERTIFICATE_UID).findMany({ where: owned, select: ['id'] }));
    if (certificates.length)
      await q(CERTIFICATE_UID).updateMany({
        where: { id: { $in: certificates } },
        data: { name: null, key: null, revokedAt: new Date() },
      });
    await unlinkClient(strapi, CERTIFICATE_UID, clientId);

    const row = (await q(CLIENT_UID).findOne({ where: { id: clientId }, select: ['name', 'cpf', 'email'] })) as {
      name: string;
      cpf: string | null;
      email: string;
    };
    // The messages sent to them keep what happened, not to whom (decision 081).
    await anonymiseClientEmails(strapi, clientId, row.email, erasedEmail(clientId));
    await q(CLIENT_UID).update({
      where: { id: clientId },
      data: {
        name: keptBuyer ? row.name : ERASED_NAME,
        cpf: keptBuyer ? row.cpf : null,
        email: erasedEmail(clientId),
        password: null,
        postalCode: null,
        address: null,
        state: null,
        city: null,
        ddi: null,
        ddd: null,
        phone: null,
        facebook: null,
        twitter: null,
        linkedIn: null,
        listedInNetwork: false,
        networkShowEmail: false,
        loginLocked: true,
        erasedAt: new Date(),
        emailConfirmedAt: null,
        events: [],
        agendaLectures: [],
        favouriteStands: [],
        calendarFeedHash: null,
        calendarFeedCreatedAt: null,
      },
    });
    return {
      keptBuyer,
      contacts: contacts.length,
      chats: chats.length,
      messages,
      pageViews,
      watchSessions: watched.length,
      standEvents,
      certificates: certificates.length,
      sessionsKept: kept.length,
      sessionsDeleted: old.length,
    };
  });
};
