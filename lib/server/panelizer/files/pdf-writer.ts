import 'server-only';

/*
 * A small PDF 1.4 writer for text reports: A4 pages, Helvetica and Helvetica-Bold (standard
 * fonts, nothing embedded), WinAnsi text, lines, uncompressed content streams. The print view's
 * renderer (headless Chromium, lib/server/missions/print) needs a page and a browser per file;
 * a schedule of numbers needs neither, and this keeps the report deterministic and searchable.
 */

export const A4 = { width: 595.28, height: 841.89 };

// Helvetica advance widths (per 1000 em) of the characters numbers and most words use.
const NARROW: Record<string, number> = { ' ': 278, '.': 278, ',': 278, ':': 278, '-': 333, '(': 333, ')': 333, i: 222, l: 222, j: 222, t: 278, f: 278, r: 333, I: 278, '²': 333, '/': 278 };
const WIDE: Record<string, number> = { m: 833, w: 722, M: 833, W: 944, '%': 889 };

export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const c of text) units += NARROW[c] ?? WIDE[c] ?? (c >= 'A' && c <= 'Z' ? 667 : 556);
  return (units * size * (bold ? 1.05 : 1)) / 1000;
}

/** WinAnsi (cp1252) bytes for the Latin-1 range and the few cp1252 extras; anything else becomes '?'. */
const CP1252: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, '×': 0xd7 };
function winAnsi(text: string): string {
  let out = '';
  for (const c of text) {
    const code = CP1252[c] ?? c.codePointAt(0)!;
    const byte = code < 0x20 ? 0x20 : code <= 0xff && !(code >= 0x80 && code < 0xa0 && !(c in CP1252)) ? code : 0x3f;
    const ch = String.fromCharCode(byte);
    out += ch === '(' || ch === ')' || ch === '\\' ? `\\${ch}` : byte > 0x7e ? `\\${byte.toString(8).padStart(3, '0')}` : ch;
  }
  return out;
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();

export class PdfDocument {
  private readonly pages: string[][] = [];
  private ops: string[] = [];

  constructor() {
    this.addPage();
  }

  addPage(): void {
    this.ops = [];
    this.pages.push(this.ops);
  }

  /** Text with its baseline at (x, y) from the page's bottom left. */
  text(x: number, y: number, text: string, size: number, bold = false): void {
    this.ops.push(`BT /${bold ? 'F2' : 'F1'} ${n(size)} Tf ${n(x)} ${n(y)} Td (${winAnsi(text)}) Tj ET`);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5): void {
    this.ops.push(`${n(width)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
  }

  toBuffer(): Buffer {
    const objects: string[] = [];
    const add = (body: string) => objects.push(body) - 1 + 1;
    const catalog = add('');
    const pagesId = add('');
    const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    const kids: number[] = [];
    for (const ops of this.pages) {
      const content = ops.join('\n');
      const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
      kids.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`));
    }
    objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
    objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
    let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(Buffer.byteLength(out, 'latin1'));
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = Buffer.byteLength(out, 'latin1');
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(out, 'latin1');
  }
}
