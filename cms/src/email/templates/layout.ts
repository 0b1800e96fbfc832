import type { Language } from '@plataforma/adapter';
import type { Translate } from '../texts';

/** What an e-mail says, in parts the layout draws as HTML and as plain text (every part is plain text: escaped here). */
export interface EmailContent {
  subject: string;
  /** The line inbox lists show after the subject (hidden in the body). */
  preheader?: string;
  heading: string;
  paragraphs: readonly string[];
  /** The one button, and its address written out under it. */
  action?: { label: string; url: string };
  /** Label and value rows (an order's items, a receipt's total). */
  details?: ReadonlyArray<{ label: string; value: string }>;
  /** Small print after the button. */
  notes?: readonly string[];
  /** A text to copy as it is (the PIX copy-and-paste code): monospace, broken anywhere, in both parts. */
  code?: { label: string; value: string };
  /** An image sent with the message (a template's attachment with this `cid`), before the code. */
  image?: { cid: string; alt: string; size: number };
}

/** Who the message comes from, as the recipient sees it: the event (its name and colour) or the platform. */
export interface Brand {
  name: string;
  /** '#rrggbb'. */
  color: string;
  language: Language;
}

export const DEFAULT_COLOR = '#1d4ed8';
const COLOR = /^#[0-9a-f]{6}$/i;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML: the five characters that could open markup or leave an attribute, escaped. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/** Only http(s) addresses become links (a `javascript:` one would run in some clients). */
const safeUrl = (url: string): string => {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`an e-mail link must be http(s), not ${parsed.protocol}`);
  return parsed.toString();
};

/** Black or white text, whichever reads better on the brand colour (WCAG relative luminance). */
const textOn = (color: string): string => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(color.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#111111' : '#ffffff';
};

/**
 * The one layout of every e-mail (decision 080): a 600-px table with inline styles (what mail
 * clients render), the brand's name on its colour, the heading, the paragraphs, one button with
 * its address written out, details and notes; and the same parts as plain text.
 */
export const renderEmail = (content: EmailContent, brand: Brand, t: Translate): { html: string; text: string } => {
  const color = COLOR.test(brand.color) ? brand.color : DEFAULT_COLOR;
  const ink = textOn(color);
  const url = content.action ? safeUrl(content.action.url) : null;
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#222222">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const details = content.details?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${content.details
        .map(
          (row) =>
            `<tr><td style="padding:6px 0;border-bottom:1px solid #e5e5e5;font-size:15px;color:#555555">${escapeHtml(row.label)}</td>` +
            `<td align="right" style="padding:6px 0;border-bottom:1px solid #e5e5e5;font-size:15px;color:#222222">${escapeHtml(row.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button =
    url && content.action
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${color}">` +
        `<a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:${ink};text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#555555">${escapeHtml(t('email.layout.linkHint'))}<br>` +
        `<a href="${escapeHtml(url)}" style="color:#1a0dab;word-break:break-all">${escapeHtml(url)}</a></p>`
      : '';
  const notes = (content.notes ?? [])
    .map((note) => `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#555555">${escapeHtml(note)}</p>`)
    .join('');
  const image = content.image
    ? `<p style="margin:0 0 16px;text-align:center"><img src="cid:${escapeHtml(content.image.cid)}" alt="${escapeHtml(content.image.alt)}" width="${Math.round(content.image.size)}" height="${Math.round(content.image.size)}" style="display:inline-block;border:0"></p>`
    : '';
  const code = content.code
    ? `<p style="margin:0 0 6px;font-size:14px;font-weight:bold;color:#222222">${escapeHtml(content.code.label)}</p>` +
      `<p style="margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px;font-family:'Courier New',monospace;font-size:13px;line-height:18px;color:#111111;word-break:break-all">${escapeHtml(content.code.value)}</p>`
    : '';
  const footer = escapeHtml(t('email.layout.footer', { name: brand.name }));
  const html =
    `<!DOCTYPE html><html lang="${brand.language === 'al' ? 'de' : brand.language === 'en' ? 'en' : 'pt-BR'}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">` +
    (content.preheader ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(content.preheader)}</div>` : '') +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">` +
    `<tr><td style="background:${color};padding:20px 32px;font-size:20px;font-weight:bold;color:${ink}">${escapeHtml(brand.name)}</td></tr>` +
    `<tr><td style="padding:32px">` +
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:#111111">${escapeHtml(content.heading)}</h1>` +
    content.paragraphs.map(paragraph).join('') +
    image +
    code +
    details +
    button +
    notes +
    `</td></tr><tr><td style="padding:16px 32px;background:#fafafa;font-size:12px;line-height:18px;color:#777777">${footer}</td></tr>` +
    `</table></td></tr></table></body></html>`;
  const text = [
    brand.name,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((line) => [line, '']),
    ...(content.code ? [`${content.code.label}:`, content.code.value, ''] : []),
    ...(content.details?.length ? [...content.details.map((row) => `${row.label}: ${row.value}`), ''] : []),
    ...(url && content.action ? [`${content.action.label}:`, url, ''] : []),
    ...(content.notes ?? []).flatMap((note) => [note, '']),
    '--',
    t('email.layout.footer', { name: brand.name }),
  ].join('\n');
  return { html, text };
};
