import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { certificateDate, fillCertificateText, formatWatchTime, type Certificate } from '@plataforma/adapter';

/** A4 landscape, in points. */
const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = 56;
const INK = rgb(0.12, 0.14, 0.2);
const ACCENT = rgb(0.1, 0.33, 0.6);
const MUTED = rgb(0.38, 0.4, 0.45);

/**
 * The printed labels. A certificate is a Brazilian document in Portuguese (its text is the
 * organiser's, typed in Portuguese), like the activity log's lines the server writes.
 */
const LABELS = {
  title: 'CERTIFICADO DE PARTICIPAÇÃO',
  hours: 'Tempo assistido',
  issued: 'Emitido em',
  code: 'Código de verificação',
  verify: 'Verifique a autenticidade em',
};

/** Helvetica encodes WinAnsi only: a character outside it (an emoji, CJK) is printed as '?'. */
const printable = (font: PDFFont, text: string): string =>
  [...text.replace(/\s+/g, ' ')]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');

/** Words into lines no wider than `width`. */
const wrap = (font: PDFFont, text: string, size: number, width: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
};

const centred = (page: PDFPage, font: PDFFont, text: string, size: number, y: number, color = INK): void => {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (PAGE[0] - width) / 2, y, size, font, color });
};

/** Shrinks a one-line text until it fits the width (a long name or event). */
const fitting = (font: PDFFont, text: string, size: number, width: number): number => {
  let s = size;
  while (s > 10 && font.widthOfTextAtSize(text, s) > width) s -= 1;
  return s;
};

/**
 * The certificate as a PDF (pdf-lib, A4 landscape): the event's name, the holder's name, the
 * hours watched ('12 h 30 min'), the event's text with its placeholders filled, the issue date in
 * the event's zone, the code and the verification URL.
 */
export const certificatePdf = async (certificate: Certificate, text: string | null, verifyUrl: string): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  doc.setTitle(`${LABELS.title} — ${certificate.eventName}`);
  doc.setSubject(certificate.code);
  doc.setCreator('Plataforma de eventos');
  const page = doc.addPage(PAGE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE[0] - 2 * MARGIN;
  const hours = formatWatchTime(certificate.seconds);
  const date = certificateDate(certificate.issuedAt, certificate.timezone);

  page.drawRectangle({ x: 24, y: 24, width: PAGE[0] - 48, height: PAGE[1] - 48, borderColor: ACCENT, borderWidth: 2 });
  page.drawRectangle({ x: 32, y: 32, width: PAGE[0] - 64, height: PAGE[1] - 64, borderColor: ACCENT, borderWidth: 0.5 });

  let y = PAGE[1] - 110;
  centred(page, bold, LABELS.title, 28, y, ACCENT);
  y -= 50;
  const eventName = printable(bold, certificate.eventName);
  centred(page, bold, eventName, fitting(bold, eventName, 20, width), y);
  y -= 56;
  const name = printable(bold, certificate.name);
  centred(page, bold, name, fitting(bold, name, 30, width), y);
  y -= 44;

  if (text) {
    const filled = printable(
      regular,
      fillCertificateText(text, {
        nome: certificate.name,
        evento: certificate.eventName,
        horas: hours,
        data: date,
        codigo: certificate.code,
      }),
    );
    for (const line of wrap(regular, filled, 13, width - 60).slice(0, 9)) {
      centred(page, regular, line, 13, y);
      y -= 19;
    }
  }

  y = Math.min(y - 12, 170);
  centred(page, bold, `${LABELS.hours}: ${hours}`, 14, y);
  y -= 22;
  centred(page, regular, `${LABELS.issued} ${date}`, 12, y, MUTED);

  centred(page, bold, `${LABELS.code}: ${certificate.code}`, 13, 84, ACCENT);
  const link = `${LABELS.verify} ${verifyUrl}`;
  centred(page, regular, printable(regular, link), fitting(regular, link, 11, width), 64, MUTED);
  return doc.save();
};
