import { z } from 'zod';
import { nullableText } from './common';

export { networkPaths } from './paths';

/**
 * Someone the network room lists (SPEC §2.4): a client who entered the event and agreed to be
 * listed. The e-mail only if they also chose to show it (issue 17), null otherwise.
 */
export const networkPersonSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  facebook: nullableText,
  twitter: nullableText,
  linkedIn: nullableText,
});
export type NetworkPerson = z.infer<typeof networkPersonSchema>;

/**
 * The caller's own agreement to be listed (PUT /networks/consent body), and whether the list
 * shows their e-mail (issue 17): without `showEmail` that choice stays as it was.
 */
export const networkConsentSchema = z.object({ listed: z.boolean(), showEmail: z.boolean().optional() });
export type NetworkConsentInput = z.infer<typeof networkConsentSchema>;

/**
 * The answer of GET/PUT /networks/consent: the agreement, and whether this session may change
 * it — only a full sign-in may (issue 18): a soft session (an e-mail only) cannot put someone
 * else's e-mail on the list.
 */
export const networkConsentAnswerSchema = networkConsentSchema.extend({ showEmail: z.boolean(), canChange: z.boolean() });
export type NetworkConsent = z.infer<typeof networkConsentAnswerSchema>;
