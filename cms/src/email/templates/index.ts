import { certificateIssuedTemplate } from './certificate';
import { orderCreatedTemplate, orderExpiredTemplate, orderPaidTemplate, orderRefundedTemplate } from './orders';
import type { EmailTemplate } from './types';
import { standWaitingTemplate } from './stand-waiting';
import { welcomeTemplate } from './welcome';

export { renderEmail, escapeHtml, DEFAULT_COLOR, type Brand, type EmailContent } from './layout';
export * from './types';

/**
 * Every message the product sends, by name. A new one is a file beside welcome.ts, its line here
 * and its `email.<name>` texts in the packs; `queueEmail(strapi, { template: '<name>', data, … })`
 * sends it.
 */
export const EMAIL_TEMPLATES = {
  welcome: welcomeTemplate,
  orderCreated: orderCreatedTemplate,
  orderPaid: orderPaidTemplate,
  orderExpired: orderExpiredTemplate,
  orderRefunded: orderRefundedTemplate,
  certificateIssued: certificateIssuedTemplate,
  'stand-waiting': standWaitingTemplate,
} as const;

export type EmailTemplateName = keyof typeof EMAIL_TEMPLATES;
export type EmailDataOf<N extends EmailTemplateName> = (typeof EMAIL_TEMPLATES)[N] extends EmailTemplate<infer D> ? D : never;

export const isTemplateName = (name: string): name is EmailTemplateName => Object.prototype.hasOwnProperty.call(EMAIL_TEMPLATES, name);
