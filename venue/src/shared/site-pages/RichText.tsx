import type { ReactNode } from 'react';
import type { Block, InlineNode, ListBlock } from '@plataforma/adapter';

/** A link of the page's text, when it is safe to follow: http(s), mailto, or a path of this site. */
export const safeHref = (url: string): string | null => {
  const trimmed = url.trim();
  if (/^\/(?![/\\])/.test(trimmed)) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
};

const Inline = ({ nodes }: { nodes: InlineNode[] }) => (
  <>
    {nodes.map((node, index) => {
      if (node.type === 'link') {
        const href = safeHref(node.url);
        const text = <Inline nodes={node.children} />;
        if (!href) return <span key={index}>{text}</span>;
        const external = !href.startsWith('/');
        return (
          <a key={index} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {text}
          </a>
        );
      }
      let out: ReactNode = node.text;
      if (node.code) out = <code>{out}</code>;
      if (node.bold) out = <strong>{out}</strong>;
      if (node.italic) out = <em>{out}</em>;
      if (node.underline) out = <u>{out}</u>;
      if (node.strikethrough) out = <s>{out}</s>;
      return <span key={index}>{out}</span>;
    })}
  </>
);

const List = ({ block }: { block: ListBlock }) => {
  const Tag = block.format === 'ordered' ? 'ol' : 'ul';
  return (
    <Tag>
      {block.children.map((item, index) =>
        item.type === 'list' ? (
          <li key={index}>
            <List block={item} />
          </li>
        ) : (
          <li key={index}>
            <Inline nodes={item.children} />
          </li>
        ),
      )}
    </Tag>
  );
};

/**
 * Strapi's "blocks" rich text as elements: paragraphs, headings (the page's h1 is its title, so
 * a heading is drawn one level down, h2 at least), lists, quotes, code and images. Never HTML:
 * text is text, and a link that is not http(s), mailto or a path of this site is drawn as text.
 */
export const RichText = ({ blocks }: { blocks: Block[] }) => (
  <>
    {blocks.map((block, index) => {
      switch (block.type) {
        case 'paragraph':
          return (
            <p key={index}>
              <Inline nodes={block.children} />
            </p>
          );
        case 'heading': {
          const Tag = `h${Math.min(6, Math.max(2, block.level))}` as 'h2';
          return (
            <Tag key={index}>
              <Inline nodes={block.children} />
            </Tag>
          );
        }
        case 'quote':
          return (
            <blockquote key={index}>
              <Inline nodes={block.children} />
            </blockquote>
          );
        case 'code':
          return (
            <pre key={index}>
              <code>
                <Inline nodes={block.children} />
              </code>
            </pre>
          );
        case 'list':
          return <List key={index} block={block} />;
        case 'image': {
          const src = safeHref(block.image.url);
          return src ? <img key={index} src={src} alt={block.image.alternativeText ?? ''} loading="lazy" /> : null;
        }
        default:
          return null;
      }
    })}
  </>
);
