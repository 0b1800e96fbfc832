import type { Core } from '@strapi/strapi';
import { settings } from '../lib/settings';
import { confirmationUrl } from './confirmation';
import { queueEmail, type QueuedEmail } from './messages';
import { emailLanguage } from './texts';

/** The registration's welcome to a new client: the link that confirms their address, in their language (in the caller's transaction). */
export const queueWelcome = (
  strapi: Core.Strapi,
  client: { id: number; name: string; email: string; language?: string | null },
  eventId: number | null = null,
): Promise<QueuedEmail> =>
  queueEmail(strapi, {
    to: client.email,
    name: client.name,
    template: 'welcome',
    data: { name: client.name, url: confirmationUrl(client.id, client.email), hours: settings().email.confirmTtlSeconds / 3600 },
    language: emailLanguage(client.language),
    clientId: client.id,
    eventId,
  });
