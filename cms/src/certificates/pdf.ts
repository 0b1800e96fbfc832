import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { toBuffer } from 'qrcode';
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
  qr: 'ou aponte a câmera para o código ao lado',
  signature: 'Organização do evento',
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

const centred = (page: PDFPage, font: PDFFont, text: string, size: number, y: number, color = INK, centre = PAGE[0] / 2): void => {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: centre - width / 2, y, size, font, color });
};

/** The QR code's side, in points, and the bottom band's columns: the signature, the code and address, the QR code. */
const QR_SIZE = 84;
const SIDE_COLUMN = 200;

/** Shrinks a one-line text until it fits the width (a long name or event). */
const fitting = (font: PDFFont, text: string, size: number, width: number): number => {
  let s = size;
  while (s > 10 && font.widthOfTextAtSize(text, s) > width) s -= 1;
  return s;
};

/**
 * The certificate as a PDF (pdf-lib, A4 landscape): the event's name, the holder's name, the
 * hours watched ('12 h 30 min'), the event's text with its placeholders filled, the issue date in
 * the event's zone, a signature line, the code, the verification URL in full and its QR code.
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

  // The bottom band (issue 56, item 10): a signature line on the left, the code and the full
  // address in the middle, and a QR code of that address on the right.
  const left = MARGIN + SIDE_COLUMN / 2;
  page.drawLine({ start: { x: MARGIN + 20, y: 96 }, end: { x: MARGIN + SIDE_COLUMN - 20, y: 96 }, thickness: 0.8, color: INK });
  centred(page, bold, LABELS.signature, 11, 82, INK, left);
  const organiser = printable(regular, certificate.eventName);
  centred(page, regular, organiser, fitting(regular, organiser, 10, SIDE_COLUMN - 20), 68, MUTED, left);

  const middle = width - 2 * SIDE_COLUMN;
  centred(page, bold, `${LABELS.code}: ${certificate.code}`, 13, 100, ACCENT);
  centred(page, regular, LABELS.verify, 10, 84, MUTED);
  const address = printable(regular, verifyUrl);
  centred(page, bold, address, fitting(bold, address, 11, middle), 70, INK);
  centred(page, regular, LABELS.qr, 9, 56, MUTED);

  const qr = await doc.embedPng(await toBuffer(verifyUrl, { type: 'png', margin: 1, width: 336, errorCorrectionLevel: 'M' }));
  page.drawImage(qr, { x: PAGE[0] - MARGIN - SIDE_COLUMN / 2 - QR_SIZE / 2, y: 44, width: QR_SIZE, height: QR_SIZE });
  return doc.save();
};
