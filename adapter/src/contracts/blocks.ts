import { z } from 'zod';

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
