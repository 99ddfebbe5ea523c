// A minimal one-page PDF (PDF 1.4, the standard Helvetica fonts, WinAnsi text) for invoice_pdf:
// enough for a viewer to open and for pdftotext to read, without a PDF library.

/** A piece of text at (x, y) points from the bottom-left of a US Letter page. */
export interface PdfText {
  text: string;
  x: number;
  y: number;
  size?: number;
  bold?: boolean;
}

/** Characters of WinAnsiEncoding outside Latin-1 that invoices use. */
const WIN_ANSI: Record<string, number> = { '€': 0x80, '’': 0x92, '•': 0x95, '–': 0x96, '—': 0x97 };

/** A PDF string literal's bytes: WinAnsi, with \, ( and ) escaped; anything else becomes '?'. */
function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const byte = WIN_ANSI[char] ?? (code >= 0x20 && code <= 0xff && code !== 0x7f ? code : 0x3f);
    const c = String.fromCharCode(byte);
    out += c === '\\' || c === '(' || c === ')' ? `\\${c}` : c;
  }
  return `(${out})`;
}

/** Renders the texts as a one-page PDF document. */
export function renderPdf(texts: readonly PdfText[], title: string): Buffer {
  const content = texts
    .map(
      (t) =>
        `BT /${t.bold ? 'F2' : 'F1'} ${t.size ?? 11} Tf ${t.x.toFixed(1)} ${t.y.toFixed(1)} Td ${pdfString(t.text)} Tj ET`,
    )
    .join('\n');
  const contentBytes = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${contentBytes.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(title)} /Producer (Tubewise Stripe emulator) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
