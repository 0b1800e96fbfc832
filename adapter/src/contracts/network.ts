import { z } from 'zod';
import { nullableText } from './common';

export { networkPaths } from './paths';

/** Someone the network room lists (SPEC §2.4): a client who entered the event and agreed to be listed. */
export const networkPersonSchema = z.object({
  name: z.string(),
  email: z.string(),
  facebook: nullableText,
  twitter: nullableText,
  linkedIn: nullableText,
});
export type NetworkPerson = z.infer<typeof networkPersonSchema>;

/** The caller's own agreement to be listed (GET/PUT /networks/consent). */
export const networkConsentSchema = z.object({ listed: z.boolean() });
export type NetworkConsent = z.infer<typeof networkConsentSchema>;
