import { z } from 'zod';
import { formFlag, idSchema, nullableText } from './common';

/** One size of an uploaded image: a format Strapi's upload plugin generated, or the original. */
export const imageSourceSchema = z.object({ url: z.string(), width: z.number().int().positive() });
export type ImageSource = z.infer<typeof imageSourceSchema>;

/**
 * Every size of an image the server knows, narrowest first, the original among them: what a
 * `srcset` is built from (`@plataforma/adapter/images`). Empty when there is no image (or for
 * a video or a PDF). Sent beside the image's URL (`imageSources` beside `image`, …), which keeps
 * its meaning; optional in the contract so that readers of an older answer still type-check.
 */
export const imageSourcesSchema = z.array(imageSourceSchema);

/**
 * A row's picture (a product's, a speaker's, a sponsor's, a stand's): its URL and every size of it.
 * Spread into the row's schema where the picture sits.
 */
export const pictureFields = { image: nullableText, imageSources: imageSourcesSchema.optional() };

/** What a save with a picture may send beside its file: `removeImage` 1 drops the stored picture. */
export const pictureRemoval = { removeImage: formFlag.optional() };

/** An uploaded file as the API sends it (media of a stand). */
export const fileSchema = z.object({
  id: idSchema,
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().nonnegative(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** The sizes of an image file. */
  sources: imageSourcesSchema.optional(),
});
export type FileRef = z.infer<typeof fileSchema>;
