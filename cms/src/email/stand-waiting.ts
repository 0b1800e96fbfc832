import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { isEmail } from '@plataforma/adapter';
import { columnOf, joinOf, rowsOf, tableOf } from '../analytics/sql';
import { CHAT_UID, MESSAGE_UID } from '../chat/store';
import { defineJob, scheduleJob, unscheduleJob, type JobKind } from '../jobs';
import { settings } from '../lib/settings';
import { siteBase } from './confirmation';
import { queueEmail } from './messages';
import type { WaitingItem } from './templates/stand-waiting';
import { emailLanguage } from './texts';

const CONTACT_UID = 'api::contact.contact';
const STAND_UID = 'api::stand.stand';
const STAFF_UID = 'api::staff-user.staff-user';

/** Chats and contact requests older than this are not told about (the first run after an upgrade mails no backlog of old ones). */
const LOOKBACK_MS = 2 * 24 * 3600 * 1000;
/** The first words of a message in the digest. */
const EXCERPT_MAX = 80;
/** At most this many conversations and contact requests are listed per digest (the count says all). */
const ITEMS_MAX = 20;
/** How often the job looks (five-field cron). */
export const STAND_WAITING_CRON = '*/2 * * * *';

/** The first words of a text, on one line, cut at a word with '…'. */
export const excerptOf = (text: string, max = EXCERPT_MAX): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

const firstName = (name: string | null | undefined, fallback: string): string => name?.trim().split(/\s+/)[0] || fallback;

interface WaitingChat {
  id: number;
  standId: number;
  firstId: number;
  lastId: number;
  item: WaitingItem;
}

interface NewContact {
  id: number;
  standId: number;
  item: WaitingItem;
}

/**
 * The conversations whose visitor waits (decision 110): the client's messages after the stand's
 * last one, the first of them older than `minutes`, in a chat whose attendants were not told of
 * this wait yet (its `waitingNotifiedMessage` is before the wait's first message).
 */
const waitingChats = async (strapi: Core.Strapi, now: Date, minutes: number): Promise<WaitingChat[]> => {
  const chats = (await strapi.db.query(CHAT_UID).findMany({
    where: { lastSender: 'client', updatedAt: { $gte: new Date(now.getTime() - LOOKBACK_MS) }, stand: { id: { $notNull: true } } },
    select: ['id', 'waitingNotifiedMessage'],
    populate: { stand: { select: ['id'] }, client: { select: ['id', 'name', 'email'] } },
  })) as Array<{
    id: number;
    waitingNotifiedMessage: number | null;
    stand: { id: number } | null;
    client: { name: string | null; email: string | null } | null;
  }>;
  if (chats.length === 0) return [];
  const link = joinOf(strapi, MESSAGE_UID, 'chat');
  const [messages, own, chat] = [tableOf(strapi, MESSAGE_UID), link.joinColumn.name, link.inverseJoinColumn.name];
  const ids = chats.map((row) => String(Math.trunc(row.id))).join(', ');
  // The wait of each chat: its first and last client message after the stand's last one (decision 104's unread).
  const spans = rowsOf<{ chat_id: unknown; first_id: unknown; last_id: unknown }>(
    await strapi.db.connection.raw(
      `select l.${chat} as chat_id, min(m.id) as first_id, max(m.id) as last_id from ${messages} m join ${link.name} l on l.${own} = m.id ` +
        `where l.${chat} in (${ids}) and m.sender_type = 'client' and m.id > coalesce((select max(m2.id) from ${messages} m2 ` +
        `join ${link.name} l2 on l2.${own} = m2.id where l2.${chat} = l.${chat} and m2.sender_type = 'stand'), 0) group by l.${chat}`,
    ),
  ).map((row) => ({ chatId: Number(row.chat_id), firstId: Number(row.first_id), lastId: Number(row.last_id) }));
  const byId = new Map(chats.map((row) => [row.id, row]));
  const open = spans.filter((span) => {
    const row = byId.get(span.chatId);
    return row?.stand && (row.waitingNotifiedMessage ?? 0) < span.firstId;
  });
  if (open.length === 0) return [];
  const texts = (await strapi.db.query(MESSAGE_UID).findMany({
    where: { id: { $in: open.flatMap((span) => [span.firstId, span.lastId]) } },
    select: ['id', 'text', 'createdAt'],
  })) as Array<{ id: number; text: string; createdAt: string | Date }>;
  const message = new Map(texts.map((row) => [row.id, row]));
  const cutoff = now.getTime() - minutes * 60_000;
  return open.flatMap((span) => {
    const row = byId.get(span.chatId)!;
    const first = message.get(span.firstId);
    const last = message.get(span.lastId);
    if (!first || !last || new Date(first.createdAt).getTime() > cutoff) return [];
    return [
      {
        id: span.chatId,
        standId: row.stand!.id,
        firstId: span.firstId,
        lastId: span.lastId,
        item: {
          name: firstName(row.client?.name, row.client?.email ?? '—'),
          excerpt: excerptOf(last.text),
          at: new Date(last.createdAt).toISOString(),
        },
      },
    ];
  });
};

/** The contact requests to a stand not told yet (recent ones: see LOOKBACK_MS). */
const newContacts = async (strapi: Core.Strapi, now: Date): Promise<NewContact[]> => {
  const rows = (await strapi.db.query(CONTACT_UID).findMany({
    where: { notifiedAt: { $null: true }, createdAt: { $gte: new Date(now.getTime() - LOOKBACK_MS) }, stand: { id: { $notNull: true } } },
    select: ['id', 'name', 'email', 'message', 'createdAt'],
    populate: { stand: { select: ['id'] } },
    orderBy: { id: 'asc' },
  })) as Array<{
    id: number;
    name: string | null;
    email: string | null;
    message: string;
    createdAt: string | Date;
    stand: { id: number } | null;
  }>;
  return rows.flatMap((row) =>
    row.stand
      ? [
          {
            id: row.id,
            standId: row.stand.id,
            item: {
              name: firstName(row.name, row.email ?? '—'),
              excerpt: excerptOf(row.message),
              at: new Date(row.createdAt).toISOString(),
            },
          },
        ]
      : [],
  );
};

interface Recipient {
  id: number;
  name: string;
  email: string;
  language: string | null;
}

/**
 * Who is told about a stand: its attendants with an e-mail; a stand nobody attends, the
 * organisers (the admins: they open and answer any stand's chats, issue 56 item 2).
 */
const recipientsOf = async (strapi: Core.Strapi, standId: number): Promise<{ recipients: Recipient[]; unattended: boolean }> => {
  const assignments = (await strapi.db.query('api::stand-attendant.stand-attendant').findMany({
    where: { stand: { id: standId } },
    populate: { user: { select: ['id', 'name', 'email', 'language'] } },
  })) as Array<{ user: Recipient | null }>;
  const attendants = new Map<number, Recipient>();
  for (const { user } of assignments) if (user?.email && isEmail(user.email)) attendants.set(user.id, user);
  if (attendants.size > 0) return { recipients: [...attendants.values()], unattended: false };
  const admins = (await strapi.db.query(STAFF_UID).findMany({
    where: { role: 'admin' },
    select: ['id', 'name', 'email', 'language'],
  })) as Recipient[];
  return { recipients: admins.filter((admin) => admin.email && isEmail(admin.email)), unattended: true };
};

/**
 * One look (the `email.stand-waiting` job, every 2 minutes; `now` injected by tests): per
 * stand, the conversations waiting longer than STAND_WAITING_EMAIL_MINUTES and the new contact
 * requests, claimed by conditional updates (two runs at once never tell twice) and told in one
 * digest per recipient, in the recipient's language, in the same transaction as the claim.
 * Answers how many e-mails were queued.
 */
export const notifyWaitingStands = async (strapi: Core.Strapi, now = new Date()): Promise<number> => {
  const minutes = settings().email.standWaitingMinutes;
  if (minutes <= 0) return 0;
  const [chats, contacts] = [await waitingChats(strapi, now, minutes), await newContacts(strapi, now)];
  const stands = new Map<number, { chats: WaitingChat[]; contacts: NewContact[] }>();
  const of = (standId: number) => {
    let entry = stands.get(standId);
    if (!entry) stands.set(standId, (entry = { chats: [], contacts: [] }));
    return entry;
  };
  for (const chat of chats) of(chat.standId).chats.push(chat);
  for (const contact of contacts) of(contact.standId).contacts.push(contact);
  const chatTable = tableOf(strapi, CHAT_UID);
  const notifiedColumn = columnOf(strapi, CHAT_UID, 'waitingNotifiedMessage');
  const contactTable = tableOf(strapi, CONTACT_UID);
  const notifiedAtColumn = columnOf(strapi, CONTACT_UID, 'notifiedAt');
  let queued = 0;
  for (const [standId, waiting] of stands) {
    const stand = (await strapi.db.query(STAND_UID).findOne({
      where: { id: standId },
      select: ['id', 'name'],
      populate: { event: { select: ['id', 'timezone'] } },
    })) as { id: number; name: string; event: { id: number; timezone: string | null } | null } | null;
    if (!stand) continue;
    const { recipients, unattended } = await recipientsOf(strapi, standId);
    try {
      queued += await strapi.db.transaction(async ({ trx }) => {
        const db = (table: string) => strapi.db.connection(table).transacting(trx as Knex.Transaction);
        // Claimed here: only what this run marks is told (another run at the same time finds it marked).
        const told: WaitingChat[] = [];
        for (const chat of waiting.chats) {
          const won = await db(chatTable)
            .where({ id: chat.id })
            .andWhere((where) => where.whereNull(notifiedColumn).orWhere(notifiedColumn, '<', chat.firstId))
            .update({ [notifiedColumn]: chat.lastId });
          if (won) told.push(chat);
        }
        const toldContacts: NewContact[] = [];
        for (const contact of waiting.contacts) {
          const won = await db(contactTable)
            .where({ id: contact.id })
            .whereNull(notifiedAtColumn)
            .update({ [notifiedAtColumn]: now });
          if (won) toldContacts.push(contact);
        }
        if ((told.length === 0 && toldContacts.length === 0) || recipients.length === 0) return 0;
        const base = siteBase();
        for (const recipient of recipients) {
          await queueEmail(strapi, {
            to: recipient.email,
            name: recipient.name,
            template: 'stand-waiting',
            data: {
              stand: stand.name,
              chats: told.slice(0, ITEMS_MAX).map((chat) => chat.item),
              contacts: toldContacts.slice(0, ITEMS_MAX).map((contact) => contact.item),
              chatsTotal: told.length,
              contactsTotal: toldContacts.length,
              minutes,
              url: unattended ? `${base}/cms/estandes/${standId}/chats` : `${base}/cms/conversas`,
              timeZone: stand.event?.timezone || 'America/Sao_Paulo',
              unattended,
            },
            language: emailLanguage(recipient.language),
            eventId: stand.event?.id ?? null,
          });
        }
        return recipients.length;
      });
    } catch (error) {
      // One stand's failure does not keep the others' digests (its marks rolled back: the next look tries again).
      strapi.log.warn(`[email] stand ${standId}: the waiting digest was not queued (${(error as Error).message})`);
    }
  }
  return queued;
};

const kinds = new WeakMap<Core.Strapi, JobKind<Record<string, never>>>();

/** The job that looks for waiting stands (register it in startJobs, then scheduleStandWaiting). */
export const standWaitingJobKinds = (strapi: Core.Strapi) => {
  const kind = defineJob<Record<string, never>>({
    name: 'email.stand-waiting',
    retries: 0,
    expireSeconds: 600,
    concurrency: 1,
    handler: async () => {
      await notifyWaitingStands(strapi);
    },
  });
  kinds.set(strapi, kind);
  return [kind];
};

/** Every 2 minutes, once per cluster; none when STAND_WAITING_EMAIL_MINUTES=0. */
export const scheduleStandWaiting = async (strapi: Core.Strapi): Promise<void> => {
  const kind = kinds.get(strapi);
  if (!kind) return;
  if (settings().email.standWaitingMinutes > 0) await scheduleJob(strapi, kind, STAND_WAITING_CRON, {});
  else await unscheduleJob(strapi, kind);
};
