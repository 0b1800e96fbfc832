import { z } from 'zod';
import { textToBlocks } from '../blocks-text';
import { blocksSchema, type Block } from './blocks';
import { SITE_PAGES } from '../constants';

export { sitePagePaths } from './paths';

export { blocksSchema, type Block, type InlineNode, type LinkNode, type ListBlock, type ListItemBlock, type TextNode } from './blocks';

/** What an admin writes: the page's title and its body. */
export const sitePageInputSchema = z.object({ title: z.string().trim().min(1).max(200), body: blocksSchema });
export const sitePageUpdateSchema = sitePageInputSchema.partial();
export type SitePageInput = z.infer<typeof sitePageInputSchema>;

/**
 * The back office's editor form (/cms/paginas): the title and the body as the editor's
 * Markdown-like text, checked as the payload it becomes (`textToBlocks`; `previous` is the body
 * as stored, whose images the text keeps).
 */
export const sitePageTextSchema = (previous: readonly Block[] = []) =>
  z.object({ title: z.string(), text: z.string().max(1_000_000) }).transform(({ title, text }, ctx): SitePageInput => {
    const parsed = sitePageInputSchema.safeParse({ title, body: textToBlocks(text, previous) });
    if (parsed.success) return parsed.data;
    // Each problem on the form's field: the body's are the text's. Its code and details stay and its
    // message goes, so that the caller's error map words it (the back office's field messages).
    for (const { message, path, ...issue } of parsed.error.issues) {
      void message;
      ctx.addIssue({ ...issue, path: [path[0] === 'title' ? 'title' : 'text'] });
    }
    return z.NEVER;
  });

export const sitePageKeySchema = z.enum(SITE_PAGES);

/** A page as the site reads it. */
export interface SitePage {
  page: (typeof SITE_PAGES)[number];
  title: string;
  body: Block[];
  updatedAt: string;
}

/**
 * A page as the back office's editor reads it (`GET /api/cms/v1/pages/:page`): before it was
 * ever written, an empty title and body and no date (the editor writes the first version).
 */
export interface CmsSitePage extends Omit<SitePage, 'updatedAt'> {
  updatedAt: string | null;
}
