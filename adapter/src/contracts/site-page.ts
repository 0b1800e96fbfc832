import { z } from 'zod';
import { textToBlocks } from '../blocks-text';
import { SITE_PAGES } from '../constants';

export { sitePagePaths } from './paths';

/*
 * A page's body is Strapi's "blocks" rich text (what the stock Content Manager's editor writes):
 * a list of blocks of text nodes, never HTML, so the venue draws it as elements and nothing in
 * it can run. The schema admits the editor's node types and nothing else.
 */

export interface TextNode {
  type: 'text';
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}
export interface LinkNode {
  type: 'link';
  url: string;
  children: TextNode[];
}
export type InlineNode = TextNode | LinkNode;
export interface ListItemBlock {
  type: 'list-item';
  children: InlineNode[];
}
export interface ListBlock {
  type: 'list';
  format: 'ordered' | 'unordered';
  /** How deep a nested list sits (1 under a top-level list); the stock editor writes it, the site ignores it. */
  indentLevel?: number;
  children: Array<ListItemBlock | ListBlock>;
}
export type Block =
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: InlineNode[] }
  | { type: 'quote'; children: InlineNode[] }
  | { type: 'code'; language?: string | null; children: InlineNode[] }
  | ListBlock
  | {
      type: 'image';
      image: { url: string; alternativeText?: string | null; width?: number | null; height?: number | null };
      children?: InlineNode[];
    };

const textNode = z.object({
  type: z.literal('text'),
  text: z.string().max(20_000),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  code: z.boolean().optional(),
});
const linkNode = z.object({ type: z.literal('link'), url: z.string().max(2000), children: z.array(textNode).max(100) });
const inline = z.array(z.union([textNode, linkNode])).max(500);
const listItem = z.object({ type: z.literal('list-item'), children: inline });
const list: z.ZodType<ListBlock> = z.lazy(() =>
  z.object({
    type: z.literal('list'),
    format: z.enum(['ordered', 'unordered']),
    indentLevel: z.number().int().min(0).max(20).optional(),
    children: z.array(z.union([listItem, list])).max(500),
  }),
);
const block: z.ZodType<Block> = z.union([
  z.object({ type: z.literal('paragraph'), children: inline }),
  z.object({ type: z.literal('heading'), level: z.number().int().min(1).max(6), children: inline }),
  z.object({ type: z.literal('quote'), children: inline }),
  z.object({ type: z.literal('code'), language: z.string().max(50).nullish(), children: inline }),
  list,
  z.object({
    type: z.literal('image'),
    image: z.looseObject({
      url: z.string().max(2000),
      alternativeText: z.string().max(500).nullish(),
      width: z.number().nullish(),
      height: z.number().nullish(),
    }),
    children: inline.optional(),
  }),
]) as z.ZodType<Block>;

export const blocksSchema = z.array(block).max(2000);

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
