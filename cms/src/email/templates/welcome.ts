import type { EmailTemplate } from './types';

/**
 * The registration's welcome (issue 49 item 3): the confirmation link of the address, single
 * use, valid EMAIL_CONFIRM_TTL_HOURS. `url` is made by email/confirmation.ts when the client registers.
 */
export const welcomeTemplate: EmailTemplate<{ name: string; url: string; hours: number }> = {
  name: 'welcome',
  category: 'transactional',
  compose: (t, data, brand) => ({
    subject: t('email.welcome.subject', { site: brand.name }),
    preheader: t('email.welcome.preheader'),
    heading: t('email.welcome.heading', { name: data.name }),
    paragraphs: [t('email.welcome.intro', { site: brand.name }), t('email.welcome.confirm')],
    action: { label: t('email.welcome.action'), url: data.url },
    notes: [t('email.welcome.expiry', { hours: data.hours }), t('email.welcome.notYou')],
  }),
};
