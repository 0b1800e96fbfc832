/** Demo art drawn in code: SVG logos, banners and images, and small real PDFs. */

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => word.length > 2)
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');

/** A square logo: the initials in a rounded badge over the exhibitor's colour, and the name. */
export const logoSvg = (
  name: string,
  color: string,
): string => `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111"/></linearGradient></defs>
  <rect width="600" height="600" rx="80" fill="url(#g)"/>
  <circle cx="300" cy="250" r="150" fill="#fff" opacity="0.95"/>
  <text x="300" y="300" font-family="Arial, Helvetica, sans-serif" font-size="150" font-weight="700" text-anchor="middle" fill="${color}">${escapeXml(initials(name))}</text>
  <text x="300" y="500" font-family="Arial, Helvetica, sans-serif" font-size="${name.length > 20 ? 34 : 44}" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(name)}</text>
</svg>`;

/** A wide image with a title and a subtitle (event background, banner, thumbnail, stand photos). */
export const posterSvg = (width: number, height: number, title: string, subtitle: string, color = '#a34100'): string => {
  const size = Math.round(Math.min(width / Math.max(12, title.length * 0.62), height / 4));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#120803"/><stop offset="0.6" stop-color="${color}"/><stop offset="1" stop-color="#2a1306"/></linearGradient>
    <radialGradient id="glow" cx="0.8" cy="0.2" r="0.7"><stop offset="0" stop-color="#ffb68c" stop-opacity="0.55"/><stop offset="1" stop-color="#ffb68c" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <g stroke="#fff" stroke-opacity="0.08" fill="none">${Array.from({ length: 8 }, (_, i) => `<circle cx="${width * 0.85}" cy="${height * 0.15}" r="${(i + 1) * Math.max(width, height) * 0.08}"/>`).join('')}</g>
  <text x="${width / 2}" y="${height / 2}" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(title)}</text>
  <text x="${width / 2}" y="${height / 2 + size * 0.9}" font-family="Arial, Helvetica, sans-serif" font-size="${Math.round(size * 0.42)}" text-anchor="middle" fill="#ffe3d1">${escapeXml(subtitle)}</text>
</svg>`;
};

const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page A4 PDF with a title and lines of text (Helvetica, Latin-1 for the accents). */
export const makePdf = (title: string, lines: string[]): Buffer => {
  const content = [
    'BT',
    '/F1 22 Tf',
    '56 770 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf',
    '0 -34 Td',
    '16 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const stream = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0].length;
  const push = (buffer: Buffer) => {
    parts.push(buffer);
    length += buffer.length;
  };
  objects.forEach((body, index) => {
    offsets.push(length);
    push(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  offsets.push(length);
  push(
    Buffer.concat([
      Buffer.from(`5 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]),
  );
  const xref = length;
  push(
    Buffer.from(
      `xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
};

/** A valid CPF from nine digits (the two check digits computed). */
export const cpfFrom = (nine: string): string => {
  const digits = nine.split('').map(Number);
  const check = (base: number[]) => {
    const sum = base.reduce((total, digit, index) => total + digit * (base.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(digits);
  const second = check([...digits, first]);
  return `${nine}${first}${second}`;
};
