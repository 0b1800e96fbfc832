import { z } from 'zod';
import { idSchema } from './common';

/** An uploaded file as the API sends it (media of a stand). */
export const fileSchema = z.object({
  id: idSchema,
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().nonnegative(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type FileRef = z.infer<typeof fileSchema>;
