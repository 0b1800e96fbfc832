import type { Core } from '@strapi/strapi';
import type { JobData } from '../../jobs';
import type { Translate } from '../texts';
import type { Brand, EmailContent } from './layout';

/**
 * Categories of messages (issue 49 item 4): `transactional` always goes; the others will be the
 * ones a client may turn off on /perfil and that carry a one-click unsubscribe.
 */
export const EMAIL_CATEGORIES = ['transactional', 'reminders', 'announcements'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/**
 * One message (decision 080): a typed function of its data and the brand to the parts the
 * layout draws. Its data is JSON (stored with the row, read again by the send job), and its texts
 * come from the `email.<name>` keys of the packs.
 */
export interface EmailTemplate<D extends JobData> {
  name: string;
  category: EmailCategory;
  compose: (t: Translate, data: D, brand: Brand) => EmailContent;
  /**
   * Files sent with the message, made by the send job from the row's data (never stored): an
   * image the HTML shows inline by its `cid` (EmailContent.image), a PDF. Answers [] when the
   * thing is gone (a revoked certificate): the message goes without it.
   */
  attachments?: (data: D, context: { strapi: Core.Strapi; brand: Brand; t: Translate }) => Promise<EmailAttachment[]>;
  /**
   * What the row keeps of its data once sent, when less than all: another person's data the
   * message carried (a visitor's name and words in a staff digest, decision 110), which no
   * erasure of theirs would find on a row that is not theirs.
   */
  redactSent?: (data: D) => D;
}

/** A file of a message, as nodemailer takes it. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Set: shown inline where the HTML says `cid:<cid>`. */
  cid?: string;
}
