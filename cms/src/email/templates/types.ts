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
}
