import type { Block, InlineNode, LinkNode, ListBlock, ListItemBlock, TextNode } from './contracts/blocks';

/*
 * A page's body (Strapi's "blocks" rich text) as the Markdown-like text the back office's editor
 * shows, and back (decision 030). Both functions are pure, zod-free and never throw: whatever is
 * typed becomes blocks of text nodes, so nothing typed is ever markup.
 *
 * The text, block by block (a blank line between blocks):
 *   paragraph     lines of text (a line break inside a paragraph is kept as a line break)
 *   heading       `# Title` … `###### Title`
 *   lists         `- item` (or `*`, `+`) and `1. item` (or `1)`); an item's next lines indented;
 *                 a nested list indented under its item (any deeper indentation nests)
 *   quote         `> text` on each line
 *   code          between ``` fences (an optional language after the opening fence)
 *   image         `![alt text](url)` on a line of its own: only an image the page already has
 *                 (images are added in /admin); any other such line stays text
 * Inside a line: **bold**, *italic* or _italic_, ++underline++, ~~strikethrough~~, `code`,
 * [text](url); a backslash makes the next punctuation mark plain text (\*, \#, \[).
 *
 * What does not survive a round trip, on purpose (it is flattened the same way every time):
 * empty paragraphs are dropped; a blank line inside a paragraph, a quote's text excepted, splits
 * it; a heading and inline code are one line (their line breaks become spaces); spaces at the
 * edges of a formatted run move outside it; a code block's text loses its formatting; a list
 * that begins with a nested list begins at that list's level.
 */

type Mark = 'bold' | 'italic' | 'strikethrough' | 'underline';
/** The marks in the order they are opened (the outermost first). */
const MARKS: readonly Mark[] = ['bold', 'italic', 'strikethrough', 'underline'];
const MARKER: Record<Mark, string> = { bold: '**', italic: '*', strikethrough: '~~', underline: '++' };
/** A link's address longer than this is not read as one (the schema's limit is 2000). */
const MAX_URL = 2048;

type ImageBlock = Extract<Block, { type: 'image' }>;

const isAsciiPunct = (c: string | undefined): boolean => c !== undefined && /[!-/:-@[-`{-~]/.test(c);
const isSpace = (c: string | undefined): boolean => c === undefined || /\s/.test(c);
const isAlnum = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const isBlank = (line: string): boolean => line.trim() === '';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const childrenOf = (value: unknown): unknown[] => (isRecord(value) && Array.isArray(value.children) ? value.children : []);

// ---------------------------------------------------------------------------------------------
// Blocks → text
// ---------------------------------------------------------------------------------------------

/** Plain text as the parser reads it back literally: the characters that could mark something escaped. */
const escapeText = (text: string): string => {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    const prev = text[i - 1];
    const next = text[i + 1];
    if (c === '\\') out += isSpace(next) || isAsciiPunct(next) ? '\\\\' : '\\';
    else if (c === '*' || c === '`' || c === '[' || c === ']') out += `\\${c}`;
    // Inside a word (nome_do_arquivo) an underscore marks nothing.
    else if (c === '_') out += isAlnum(prev) && isAlnum(next) ? '_' : '\\_';
    // ~~ and ++ mark only in pairs: a lone one is plain, unless it could touch a marker or its twin.
    else if (c === '~' || c === '+') out += prev === undefined || next === undefined || prev === c || next === c ? `\\${c}` : c;
    else out += c;
  }
  return out;
};

/** Inline code: a fence of backticks no run inside it has (one line: its line breaks become spaces). */
const codeSpan = (text: string): string => {
  const flat = text.replace(/\r\n?|\n/g, ' ');
  const runs = new Set((flat.match(/`+/g) ?? []).map((run) => run.length));
  let n = 1;
  while (runs.has(n)) n += 1;
  const fence = '`'.repeat(n);
  const pad = flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
};

const escapeUrl = (url: string): string => url.replace(/[\r\n\t]/g, '').replace(/[\\()[\]]/g, '\\$&');

/** The marks a text node carries. */
const marksOf = (node: Partial<TextNode>): Set<Mark> => new Set(MARKS.filter((mark) => node[mark] === true));

interface Emitter {
  out: string;
  /** The marks open at this point, the outermost first. */
  stack: Mark[];
  /** Spaces that end the last run: written after its markers close. */
  pending: string;
}

/** Closes open marks until every one still open is in `keep`. */
const closeTo = (e: Emitter, keep: ReadonlySet<Mark>): void => {
  const deepest = e.stack.findIndex((mark) => !keep.has(mark));
  if (deepest < 0) return;
  while (e.stack.length > deepest) e.out += MARKER[e.stack.pop() as Mark];
};

const openAll = (e: Emitter, want: ReadonlySet<Mark>): void => {
  for (const mark of MARKS)
    if (want.has(mark) && !e.stack.includes(mark)) {
      e.out += MARKER[mark];
      e.stack.push(mark);
    }
};

const emitText = (e: Emitter, node: Partial<TextNode>): void => {
  const text = typeof node.text === 'string' ? node.text : '';
  if (!text) return;
  if (node.code === true) {
    const want = marksOf(node);
    closeTo(e, want);
    e.out += e.pending;
    e.pending = '';
    openAll(e, want);
    e.out += codeSpan(text);
    return;
  }
  const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) as RegExpExecArray;
  // Spaces alone keep the marks as they are (a marker never stands beside a space).
  if (!core) {
    e.pending += text;
    return;
  }
  const want = marksOf(node);
  closeTo(e, want);
  e.out += e.pending + lead;
  e.pending = '';
  openAll(e, want);
  e.out += escapeText(core);
  e.pending = trail;
};

const isText = (node: unknown): node is Partial<TextNode> => isRecord(node) && node.type === 'text';

/** A link: the marks all its text shares stay open around it, the others open and close inside its brackets. */
const emitLink = (e: Emitter, link: Partial<LinkNode>): void => {
  const kids = childrenOf(link).filter(isText);
  const visible = kids.filter((kid) => typeof kid.text === 'string' && kid.text !== '' && (kid.code === true || kid.text.trim() !== ''));
  const shared = visible.length ? new Set(MARKS.filter((mark) => visible.every((kid) => kid[mark] === true))) : new Set(e.stack);
  closeTo(e, shared);
  e.out += e.pending;
  e.pending = '';
  const base = new Set(e.stack);
  const inner: Emitter = { out: '', stack: [...e.stack], pending: '' };
  for (const kid of canonical(kids)) emitText(inner, kid);
  closeTo(inner, base);
  e.out += `[${inner.out}${inner.pending}](${escapeUrl(typeof link.url === 'string' ? link.url : '')})`;
};

const sameMarks = (a: Partial<TextNode>, b: Partial<TextNode>): boolean =>
  MARKS.every((mark) => (a[mark] === true) === (b[mark] === true)) && (a.code === true) === (b.code === true);

/** Adjacent text nodes with the same marks as one. */
const mergeText = <N>(nodes: readonly N[]): N[] => {
  const out: N[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (isText(node) && isText(last) && sameMarks(last, node))
      out[out.length - 1] = { ...last, text: `${last.text ?? ''}${node.text ?? ''}` } as N;
    else out.push(node);
  }
  return out;
};

const isSpaces = (node: unknown): boolean => isText(node) && node.code !== true && (node.text ?? '').trim() === '';

/**
 * Nodes as the parser gives them back: adjacent runs with the same marks as one, spaces between
 * two runs with the same marks (spaces carry no mark) inside them. Whether a character next to a
 * marker needs its backslash then depends on the text only, so text → blocks → text is stable.
 */
const canonical = <N>(nodes: readonly N[]): N[] => {
  const list = mergeText(nodes);
  for (let i = 0; i < list.length; i += 1) {
    if (!isSpaces(list[i])) continue;
    let end = i;
    while (end + 1 < list.length && isSpaces(list[end + 1])) end += 1;
    const before = list[i - 1];
    const after = list[end + 1];
    if (isText(before) && isText(after) && before.code !== true && sameMarks(before, after))
      for (let k = i; k <= end; k += 1) list[k] = { ...before, text: (list[k] as Partial<TextNode>).text } as N;
    i = end;
  }
  return mergeText(list);
};

/** A run of inline nodes as text with its markers. */
const inlineText = (nodes: unknown): string => {
  const e: Emitter = { out: '', stack: [], pending: '' };
  for (const node of canonical(Array.isArray(nodes) ? nodes : [])) {
    if (isText(node)) emitText(e, node);
    else if (isRecord(node) && node.type === 'link') emitLink(e, node as Partial<LinkNode>);
  }
  closeTo(e, new Set());
  return e.out + e.pending;
};

/** A line of a paragraph or of a list item that would start a block is escaped at its start. */
const escapeLineStart = (line: string): string => {
  const [, indent, rest] = /^([ \t]*)([\s\S]*)$/.exec(line) as RegExpExecArray;
  if (/^(#{1,6}(\s|$)|>|[-+*](\s|$)|!\[)/.test(rest)) return `${indent}\\${rest}`;
  const ordered = /^(\d{1,9})([.)])(\s|$)/.exec(rest);
  if (ordered) return `${indent}${ordered[1]}\\${rest.slice(ordered[1].length)}`;
  return line;
};

const listLines = (list: Partial<ListBlock>, indent: string): string[] => {
  const ordered = list.format === 'ordered';
  const lines: string[] = [];
  let number = 0;
  let width = ordered ? 3 : 2;
  for (const child of childrenOf(list)) {
    if (!isRecord(child)) continue;
    if (child.type === 'list') {
      lines.push(...listLines(child as Partial<ListBlock>, indent + ' '.repeat(width)));
      continue;
    }
    if (child.type !== 'list-item') continue;
    number += 1;
    const marker = ordered ? `${number}.` : '-';
    width = marker.length + 1;
    const [first, ...rest] = inlineText(child.children).split('\n');
    lines.push(`${indent}${marker}${first ? ` ${escapeLineStart(first)}` : ''}`);
    for (const line of rest) lines.push(`${indent}${' '.repeat(width)}${escapeLineStart(line)}`);
  }
  return lines;
};

const plainText = (nodes: unknown): string =>
  (Array.isArray(nodes) ? nodes : [])
    .map((node) => (isText(node) ? (node.text ?? '') : isRecord(node) && node.type === 'link' ? plainText(node.children) : ''))
    .join('');

const blockText = (block: unknown): string | null => {
  if (!isRecord(block)) return null;
  switch (block.type) {
    case 'paragraph': {
      const text = inlineText(block.children);
      return text.trim() ? text.split('\n').map(escapeLineStart).join('\n') : null;
    }
    case 'heading': {
      const level = Math.min(6, Math.max(1, Math.trunc(Number(block.level)) || 1));
      const text = inlineText(block.children).replace(/\n/g, ' ');
      return `${'#'.repeat(level)}${text ? ` ${text}` : ''}`;
    }
    case 'quote':
      return inlineText(block.children)
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n');
    case 'code': {
      const text = plainText(block.children);
      const longest = (text.match(/`+/g) ?? []).reduce((max, run) => Math.max(max, run.length), 0);
      const fence = '`'.repeat(Math.max(3, longest + 1));
      const language = typeof block.language === 'string' && /^[^`\s][^`\r\n]*$/.test(block.language) ? block.language.trimEnd() : '';
      return `${fence}${language}\n${text}\n${fence}`;
    }
    case 'list': {
      const lines = listLines(block as Partial<ListBlock>, '');
      return lines.length ? lines.join('\n') : null;
    }
    case 'image': {
      const image = isRecord(block.image) ? block.image : {};
      if (typeof image.url !== 'string') return null;
      const alt = typeof image.alternativeText === 'string' ? image.alternativeText : '';
      return `![${alt.replace(/[\r\n]+/g, ' ').replace(/[\\[\]]/g, '\\$&')}](${escapeUrl(image.url)})`;
    }
    default:
      return null;
  }
};

/** A page's body as the editor's text: one block after another, a blank line between them. */
export const blocksToText = (blocks: readonly Block[] | null | undefined): string => {
  const parts: string[] = [];
  for (const block of Array.isArray(blocks) ? blocks : []) {
    const text = blockText(block);
    if (text !== null) parts.push(text);
  }
  return parts.join('\n\n');
};

// ---------------------------------------------------------------------------------------------
// Text → blocks
// ---------------------------------------------------------------------------------------------

interface Delim {
  t: 'delim';
  ch: string;
  /** The characters not yet used as markers (written as text). */
  n: number;
  orig: number;
  canOpen: boolean;
  canClose: boolean;
  /** The marks this run opens (the outermost first) and closes (the innermost first). */
  opens: Mark[];
  closes: Mark[];
  id: number;
}
type Tok = { t: 'text'; s: string } | { t: 'code'; s: string } | { t: 'link'; url: string; kids: Tok[] } | Delim;

/** The backtick runs of a text by length, so that each code span finds its closing run in one pass. */
const backtickRuns = (s: string) => {
  const byLength = new Map<number, number[]>();
  for (const match of s.matchAll(/`+/g)) {
    const list = byLength.get(match[0].length) ?? [];
    list.push(match.index);
    byLength.set(match[0].length, list);
  }
  const cursor = new Map<number, number>();
  /** The first run of exactly `n` backticks starting at `from` or later; -1 when there is none. */
  return (n: number, from: number): number => {
    const list = byLength.get(n);
    if (!list) return -1;
    let k = cursor.get(n) ?? 0;
    while (k < list.length && list[k] < from) k += 1;
    cursor.set(n, k);
    return k < list.length ? list[k] : -1;
  };
};

/** `(url)` right after a link's text: the address (parentheses balanced or escaped) and where it ends, or null. */
const parseDest = (s: string, j: number): { url: string; end: number } | null => {
  if (s[j] !== '(') return null;
  let url = '';
  let depth = 0;
  const limit = Math.min(s.length, j + 1 + MAX_URL);
  for (let k = j + 1; k < limit; k += 1) {
    const c = s[k];
    if (c === '\\' && isAsciiPunct(s[k + 1])) {
      url += s[k + 1];
      k += 1;
      continue;
    }
    // A line break or a bracket ends the try (one escapes a bracket in an address): each `](` reads a short way only.
    if (c === '\n' || c === '[' || c === ']') return null;
    if (c === '(') depth += 1;
    else if (c === ')') {
      if (depth === 0) return { url: url.trim(), end: k + 1 };
      depth -= 1;
    }
    url += c;
  }
  return null;
};

/**
 * Pairs the marker runs of one run of inline text (CommonMark's delimiter algorithm, simplified:
 * a run opens when a non-space follows it and closes when a non-space precedes it; `_` never
 * inside a word; `~~` and `++` exactly two). Linear: a closer that finds no opener sets a floor
 * below which the next closers of its kind do not look.
 */
const processEmphasis = (toks: Tok[]): void => {
  const stack: Delim[] = [];
  const floors = new Map<string, number>();
  for (const tok of toks) {
    if (tok.t !== 'delim') continue;
    const closer = tok;
    if (closer.canClose) {
      const key = `${closer.ch}${closer.canOpen ? 1 : 0}${closer.orig % 3}`;
      while (closer.n > 0) {
        const floor = floors.get(key) ?? -1;
        let at = -1;
        for (let k = stack.length - 1; k >= 0 && stack[k].id > floor; k -= 1) {
          const opener = stack[k];
          if (opener.ch !== closer.ch) continue;
          // The "rule of 3": ***a** and *a** read as CommonMark reads them.
          if (
            (closer.ch === '*' || closer.ch === '_') &&
            (opener.canClose || closer.canOpen) &&
            (opener.orig + closer.orig) % 3 === 0 &&
            !(opener.orig % 3 === 0 && closer.orig % 3 === 0)
          )
            continue;
          at = k;
          break;
        }
        if (at < 0) {
          floors.set(key, stack.length ? stack[stack.length - 1].id : -1);
          break;
        }
        const opener = stack[at];
        const use = closer.ch === '~' || closer.ch === '+' ? 2 : opener.n >= 2 && closer.n >= 2 ? 2 : 1;
        const mark: Mark = closer.ch === '~' ? 'strikethrough' : closer.ch === '+' ? 'underline' : use === 2 ? 'bold' : 'italic';
        opener.n -= use;
        closer.n -= use;
        opener.opens.unshift(mark);
        closer.closes.push(mark);
        // The runs between the two stay text; a used-up opener leaves the stack.
        stack.length = opener.n > 0 ? at + 1 : at;
      }
      if (closer.n > 0 && closer.canOpen) stack.push(closer);
    } else if (closer.canOpen) stack.push(closer);
  }
};

/** Each mark's opening markers: what the editor writes first, then the Markdown alternatives. */
const OPENERS: ReadonlyArray<readonly [Mark, string]> = [
  ['bold', '**'],
  ['bold', '__'],
  ['italic', '*'],
  ['italic', '_'],
  ['strikethrough', '~~'],
  ['underline', '++'],
];

interface OpenMark {
  mark: Mark;
  marker: string;
}

/** A run of markers read as marks to open (each once, none already open), the outermost first; null when it is not one. */
const openersOf = (rest: string, open: ReadonlySet<Mark>): OpenMark[] | null => {
  if (rest === '') return [];
  if (rest.length > 8) return null;
  for (const [mark, marker] of OPENERS) {
    if (open.has(mark) || !rest.startsWith(marker)) continue;
    const tail = openersOf(rest.slice(marker.length), new Set([...open, mark]));
    if (tail) return [{ mark, marker }, ...tail];
  }
  return null;
};

/**
 * The markers read exactly as `blocksToText` writes them: where text changes marks, the marks
 * that end close (the innermost first), then the marks that begin open. Each run of adjacent
 * markers is split into the fewest closings that leave a valid opening, every mark closed by the
 * marker it was opened with, and everything opened is closed by the end. Applied only when the
 * whole run of text reads so (else the CommonMark-like pairing below reads it): the editor's
 * own text always comes back as it was written, whatever marks meet in the middle of a word.
 */
const exactMarks = (toks: readonly Tok[]): boolean => {
  const stack: OpenMark[] = [];
  const plan: Array<{ group: Delim[]; closes: Mark[]; opens: Mark[] }> = [];
  let i = 0;
  while (i < toks.length) {
    if (toks[i].t !== 'delim') {
      i += 1;
      continue;
    }
    const group: Delim[] = [];
    for (; i < toks.length && toks[i].t === 'delim'; i += 1) group.push(toks[i] as Delim);
    const raw = group.map((d) => d.ch.repeat(d.n)).join('');
    const canClose = group[0].canClose;
    const canOpen = group[group.length - 1].canOpen;
    let step: { closes: Mark[]; opens: OpenMark[] } | null = null;
    for (let k = 0; k <= stack.length && !step; k += 1) {
      if (k > 0 && !canClose) break;
      const popped = stack.slice(stack.length - k).reverse();
      const closers = popped.map((open) => open.marker).join('');
      if (!raw.startsWith(closers)) continue;
      const rest = raw.slice(closers.length);
      if (rest && !canOpen) continue;
      const opens = openersOf(rest, new Set(stack.slice(0, stack.length - k).map((open) => open.mark)));
      // A mark that closes here because it ends does not open again at once.
      if (!opens || (k > 0 && opens.some((open) => open.mark === popped[k - 1].mark))) continue;
      step = { closes: popped.map((open) => open.mark), opens };
    }
    if (!step) return false;
    stack.length -= step.closes.length;
    stack.push(...step.opens);
    plan.push({ group, closes: step.closes, opens: step.opens.map((open) => open.mark) });
  }
  if (stack.length) return false;
  for (const { group, closes, opens } of plan) {
    for (const d of group) d.n = 0;
    group[0].closes.push(...closes);
    group[0].opens.push(...opens);
  }
  return true;
};

/** Pairs the markers of a run of inline text: as the editor writes them, else as CommonMark-like emphasis. */
const resolveMarks = (toks: Tok[]): void => {
  if (!exactMarks(toks)) processEmphasis(toks);
};

type Counts = Record<Mark, number>;

/** The tokens as text nodes (and links), each with the marks open around it. */
const render = (toks: readonly Tok[], base: Counts): InlineNode[] => {
  const counts: Counts = { ...base };
  const out: InlineNode[] = [];
  const push = (text: string, code = false) => {
    if (!text) return;
    const node: TextNode = { type: 'text', text };
    for (const mark of MARKS) if (counts[mark] > 0) node[mark] = true;
    if (code) node.code = true;
    const last = out[out.length - 1];
    if (last?.type === 'text' && sameMarks(last, node)) last.text += text;
    else out.push(node);
  };
  for (const tok of toks) {
    if (tok.t === 'text') push(tok.s);
    else if (tok.t === 'code') push(tok.s, true);
    else if (tok.t === 'delim') {
      for (const mark of tok.closes) counts[mark] -= 1;
      push(tok.ch.repeat(tok.n));
      for (const mark of tok.opens) counts[mark] += 1;
    } else {
      const kids = render(tok.kids, counts).flatMap((kid) => (kid.type === 'link' ? kid.children : [kid]));
      out.push({ type: 'link', url: tok.url, children: kids.length ? kids : [{ type: 'text', text: '' }] });
    }
  }
  return out;
};

/** A run of inline text (a paragraph, a heading, an item…) as text and link nodes; at least one node. */
const parseInline = (s: string): InlineNode[] => {
  const nextRun = backtickRuns(s);
  const toks: Tok[] = [];
  const brackets: Array<{ at: number; active: boolean }> = [];
  let buf = '';
  let id = 0;
  const flush = () => {
    if (buf) toks.push({ t: 'text', s: buf });
    buf = '';
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && isAsciiPunct(s[i + 1])) {
      buf += s[i + 1];
      i += 2;
    } else if (c === '`') {
      let n = 1;
      while (s[i + n] === '`') n += 1;
      const close = nextRun(n, i + n);
      if (close < 0) {
        buf += s.slice(i, i + n);
        i += n;
        continue;
      }
      flush();
      let code = s.slice(i + n, close);
      if (code.length >= 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      toks.push({ t: 'code', s: code });
      i = close + n;
    } else if (c === '*' || c === '_' || c === '~' || c === '+') {
      let n = 1;
      while (s[i + n] === c) n += 1;
      const prev = s[i - 1];
      const next = s[i + n];
      let canOpen = !isSpace(next);
      let canClose = !isSpace(prev);
      if (c === '_') {
        canOpen = canOpen && !isAlnum(prev);
        canClose = canClose && !isAlnum(next);
      }
      if ((c === '~' || c === '+') && n !== 2) canOpen = canClose = false;
      if (canOpen || canClose) {
        flush();
        toks.push({ t: 'delim', ch: c, n, orig: n, canOpen, canClose, opens: [], closes: [], id: (id += 1) });
      } else buf += s.slice(i, i + n);
      i += n;
    } else if (c === '[') {
      flush();
      toks.push({ t: 'text', s: '[' });
      brackets.push({ at: toks.length - 1, active: true });
      i += 1;
    } else if (c === ']') {
      const opener = brackets.pop();
      const dest = opener?.active ? parseDest(s, i + 1) : null;
      if (opener && dest) {
        flush();
        const kids = toks.splice(opener.at + 1);
        toks.pop();
        resolveMarks(kids);
        toks.push({ t: 'link', url: dest.url, kids });
        // No link inside a link: the brackets still open before this one stay text.
        for (const bracket of brackets) bracket.active = false;
        i = dest.end;
      } else {
        buf += ']';
        i += 1;
      }
    } else {
      buf += c;
      i += 1;
    }
  }
  flush();
  resolveMarks(toks);
  const nodes = render(toks, { bold: 0, italic: 0, strikethrough: 0, underline: 0 });
  return nodes.length ? nodes : [{ type: 'text', text: '' }];
};

const FENCE = /^(`{3,})([^`]*)$/;
const HEADING = /^(#{1,6})(?:[ \t]+([\s\S]*))?$/;
/** A list item's line: indentation, `-`/`*`/`+` or a number with `.`/`)`, then its text. */
const LIST_ITEM = /^([ \t]*)(?:([-+*])|(\d{1,9})[.)])(?:[ \t]+([\s\S]*))?$/;

const indentWidth = (line: string): number => {
  let width = 0;
  for (const c of /^[ \t]*/.exec(line)?.[0] ?? '') width += c === '\t' ? 4 : 1;
  return width;
};

/** `![alt](url)` alone on a line, when the url is one of the page's images: that image (its alt text as typed). */
const imageOf = (line: string, images: ReadonlyMap<string, ImageBlock>): ImageBlock | null => {
  if (images.size === 0 || !line.startsWith('![')) return null;
  let alt = '';
  let k = 2;
  for (; k < line.length && line[k] !== ']'; k += 1) {
    if (line[k] === '\\' && isAsciiPunct(line[k + 1])) k += 1;
    alt += line[k];
  }
  const dest = line[k] === ']' ? parseDest(line, k + 1) : null;
  if (!dest || line.slice(dest.end).trim() !== '') return null;
  const kept = images.get(dest.url);
  if (!kept) return null;
  const copy = JSON.parse(JSON.stringify(kept)) as ImageBlock;
  if (alt !== (kept.image.alternativeText ?? '')) copy.image.alternativeText = alt;
  return copy;
};

const isFence = (line: string) => FENCE.test(line.trimStart());
const isHeading = (line: string) => HEADING.test(line.trimStart());
const isQuote = (line: string) => line.trimStart().startsWith('>');

/** Reads a list from line `start`: its items, their next lines and the lists nested under them. */
const readList = (lines: readonly string[], start: number): { list: ListBlock; end: number } => {
  const formatOf = (match: RegExpExecArray): ListBlock['format'] => (match[3] === undefined ? 'unordered' : 'ordered');
  const first = LIST_ITEM.exec(lines[start]) as RegExpExecArray;
  const root: ListBlock = { type: 'list', format: formatOf(first), children: [] };
  const stack: Array<{ list: ListBlock; indent: number }> = [{ list: root, indent: indentWidth(lines[start]) }];
  const texts = new Map<ListItemBlock, string[]>();
  let current: string[] | null = null;
  let j = start;
  for (; j < lines.length; j += 1) {
    const line = lines[j];
    if (isBlank(line)) break;
    const match = LIST_ITEM.exec(line);
    if (!match) {
      // An indented line goes on with the last item's text; any other ends the list.
      if (current && indentWidth(line) > stack[0].indent) {
        current.push(line.trimStart());
        continue;
      }
      break;
    }
    const indent = indentWidth(line);
    const format = formatOf(match);
    while (stack.length > 1 && indent < stack[stack.length - 1].indent) stack.pop();
    let top = stack[stack.length - 1];
    if (indent > top.indent || (format !== top.list.format && stack.length > 1)) {
      // Deeper: a list under the last item; as deep but of the other kind: a list beside it.
      if (indent <= top.indent) stack.pop();
      const nested: ListBlock = { type: 'list', format, indentLevel: stack.length, children: [] };
      stack[stack.length - 1].list.children.push(nested);
      top = { list: nested, indent };
      stack.push(top);
    } else if (format !== top.list.format) break;
    const item: ListItemBlock = { type: 'list-item', children: [] };
    top.list.children.push(item);
    current = [match[4] ?? ''];
    texts.set(item, current);
  }
  for (const [item, text] of texts) item.children = parseInline(text.join('\n'));
  return { list: root, end: j };
};

/**
 * The editor's text as a page's body. `previous` is the body as stored: an image line keeps the
 * image of that body with the same url (images are not made here, only kept).
 */
export const textToBlocks = (text: string, previous: readonly Block[] = []): Block[] => {
  const lines = String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const images = new Map<string, ImageBlock>();
  for (const block of Array.isArray(previous) ? previous : [])
    if (block?.type === 'image' && typeof block.image?.url === 'string' && !images.has(block.image.url)) images.set(block.image.url, block);
  const startsBlock = (line: string): boolean => {
    const item = LIST_ITEM.exec(line);
    // A numbered line interrupts a paragraph only as '1.' (a year at a line's start is text).
    if (item && (item[3] === undefined || Number(item[3]) === 1)) return true;
    return isFence(line) || isHeading(line) || isQuote(line) || imageOf(line.trimStart(), images) !== null;
  };

  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const trimmed = line.trimStart();
    if (isBlank(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(trimmed);
    if (fence) {
      const body: string[] = [];
      let j = i + 1;
      const closes = (candidate: string) => /^`+$/.test(candidate.trim()) && candidate.trim().length >= fence[1].length;
      for (; j < lines.length && !closes(lines[j]); j += 1) body.push(lines[j]);
      const language = fence[2].trim();
      blocks.push({ type: 'code', ...(language ? { language } : {}), children: [{ type: 'text', text: body.join('\n') }] });
      i = j + 1;
      continue;
    }
    const heading = HEADING.exec(trimmed);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1].length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(heading[2] ?? '') });
      i += 1;
      continue;
    }
    if (isQuote(line)) {
      const body: string[] = [];
      for (; i < lines.length && isQuote(lines[i]); i += 1) body.push(lines[i].trimStart().slice(1).replace(/^ /, ''));
      blocks.push({ type: 'quote', children: parseInline(body.join('\n')) });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const { list, end } = readList(lines, i);
      blocks.push(list);
      i = end;
      continue;
    }
    const image = imageOf(trimmed, images);
    if (image) {
      blocks.push(image);
      i += 1;
      continue;
    }
    const start = i;
    for (i += 1; i < lines.length && !isBlank(lines[i]) && !startsBlock(lines[i]); i += 1);
    blocks.push({ type: 'paragraph', children: parseInline(lines.slice(start, i).join('\n')) });
  }
  return blocks;
};
