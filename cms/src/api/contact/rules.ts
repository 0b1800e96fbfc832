import type { ReadOnlyType } from '../../documents/rules';

/**
 * Contacts on the stock paths: read only in the Content Manager (no content-API route, decision
 * 019), as the back office's 'Contatos' reads them: visitors send them through the site's form
 * and the stands' requests, with what the product checked (the e-mail, the phone, whether a full
 * session sent it: `verified`).
 */
export const contactRules: ReadOnlyType = { uid: 'api::contact.contact', readOnly: 'contact.error.readOnlyHere' };
