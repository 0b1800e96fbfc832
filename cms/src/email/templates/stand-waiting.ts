import type { Language } from '@plataforma/adapter';
import type { EmailTemplate } from './types';

/** One conversation or contact request in the digest: who, the first words of what they wrote, and when. */
export type WaitingItem = {
  name: string;
  excerpt: string;
  /** ISO instant. */
  at: string;
};

export type StandWaitingData = {
  stand: string;
  /** The conversations whose visitor waits for an answer (decision 110). */
  chats: WaitingItem[];
  /** The stand's contact requests not told yet. */
  contacts: WaitingItem[];
  /** How many of each there are (the lists stop at 20). */
  chatsTotal?: number;
  contactsTotal?: number;
  /** How long the oldest waited before this message went (STAND_WAITING_EMAIL_MINUTES). */
  minutes: number;
  /** Where to answer: /cms/conversas for an attendant, the stand's chats for an organiser. */
  url: string;
  /** The event's time zone, for the times. */
  timeZone: string;
  /** Sent to the organisers because nobody attends the stand. */
  unattended: boolean;
};

const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-GB', al: 'de-DE' };

/** A time as the recipient reads it: day and hour in the event's zone (the zone's name when unknown: UTC). */
export const waitingTime = (iso: string, language: Language, timeZone: string): string => {
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone: 'UTC' }).format(new Date(iso));
  }
};

/**
 * The stand's digest to its attendants (issue 49 item 3, decision 110): how many conversations
 * wait, each with the visitor's first name, the first words of their last message and its time,
 * the new contact requests, and the link where they are answered.
 */
export const standWaitingTemplate: EmailTemplate<StandWaitingData> = {
  // Once sent, the row keeps the counts and times, not the visitors' names or words (decision 110).
  redactSent: (data) => {
    const blank = (item: WaitingItem): WaitingItem => ({ name: '', excerpt: '', at: item.at });
    return { ...data, chats: data.chats.map(blank), contacts: data.contacts.map(blank) };
  },
  name: 'stand-waiting',
  category: 'transactional',
  compose: (t, data, brand) => {
    const chats = Math.max(data.chatsTotal ?? 0, data.chats.length);
    const contacts = Math.max(data.contactsTotal ?? 0, data.contacts.length);
    const line = (item: WaitingItem) =>
      t('email.standWaiting.item', { name: item.name, time: waitingTime(item.at, brand.language, data.timeZone), text: item.excerpt });
    const paragraphs = [
      ...(data.unattended ? [t('email.standWaiting.unattended', { stand: data.stand })] : []),
      ...(data.chats.length
        ? [[t('email.standWaiting.chats', { count: chats, minutes: data.minutes }), ...data.chats.map(line)].join('\n')]
        : []),
      ...(data.contacts.length ? [[t('email.standWaiting.contacts', { count: contacts }), ...data.contacts.map(line)].join('\n')] : []),
    ];
    return {
      subject: t(data.chats.length ? 'email.standWaiting.subject' : 'email.standWaiting.subjectContacts', {
        stand: data.stand,
        count: chats || contacts,
      }),
      preheader: t('email.standWaiting.preheader', { stand: data.stand }),
      heading: t('email.standWaiting.heading', { stand: data.stand }),
      paragraphs,
      action: { label: t('email.standWaiting.action'), url: data.url },
      notes: [t('email.standWaiting.once')],
    };
  },
};
