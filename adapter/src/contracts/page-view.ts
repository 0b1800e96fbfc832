import { z } from 'zod';
import { idSchema } from './common';
import { languageSchema } from './language';

export { pageViewPaths } from './paths';

/** What the venue posts on every navigation (first-party analytics). */
export const pageViewInputSchema = z.object({
  path: z.string().min(1).max(500).startsWith('/'),
  eventId: z.number().int().positive().optional(),
  /** Set on a stand screen: the stand visit the dashboards count. */
  standId: z.number().int().positive().optional(),
  referrer: z.string().max(500).optional(),
  language: languageSchema.optional(),
});
export type PageViewInput = z.infer<typeof pageViewInputSchema>;

/**
 * The answer (202): the view is accepted and written with others shortly after (decision 038),
 * so `id` is null (older servers gave the row's id); `eventId` is the event asked for.
 */
export const pageViewSchema = z.object({ id: idSchema.nullable(), path: z.string(), eventId: idSchema.nullable(), createdAt: z.string() });
export type PageView = z.infer<typeof pageViewSchema>;
