import PDFDocument from 'pdfkit';

/**
 * The brand's paperwork (docs/decisions.md, issue 14): A4, the brand's logo and name at the top of
 * every page, the title with the period and the filters used, tables that carry their header onto
 * each new page, totals at the end, signatures with name and time, "Page x of y" in the footer.
 * Grey and black only, so it prints the same on any printer. Fonts are PDF's standard Helvetica
 * (no font files to ship): text outside Windows-1252 is shown with '?' in its place.
 */

/** What a PDF needs of a brand; the brand module makes it (letterhead of a site). */
export interface Letterhead {
  name: string;
  strapline: string;
  /** The brand's logo as PNG (sharp renders the SVG), or null to print the name alone. */
  logoPng: Buffer | null;
  /** A line under the name: the customer and site, or an address. */
  addressLine: string;
}

export interface PdfMeta {
  title: string;
  /** Lines under the title: the period, the filters, the time zone. */
  lines: string[];
  /** The document's author line in its properties and footer ("Made 24 Nov 2026 14:05 by …"). */
  madeBy: string;
  landscape?: boolean;
}

export interface PdfColumn {
  label: string;
  /** Share of the usable width (the shares of a table are scaled to fill it). */
  width: number;
  align?: 'left' | 'right';
}

const MARGIN = 40;
const HEADER_H = 62;
const FOOTER_H = 24;
const GREY = '#555555';
const RULE = '#999999';
const FILL = '#eeeeee';

/** Keeps text inside Windows-1252, which the standard fonts can show. */
export function pdfText(s: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are dropped, not printed
  return s.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/[^\u0020-\u00ff\u20ac\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/g, '?');
}

export type BrandedPdf = ReturnType<typeof brandedPdf>;

/**
 * Starts a branded document. Write with the helpers (or `doc` directly for anything else), then
 * call `end()`: it numbers the pages and resolves with the whole file. `pipe` before writing streams it instead.
 */
export function brandedPdf(letterhead: Letterhead, meta: PdfMeta) {
  const doc = new PDFDocument({
    size: 'A4', layout: meta.landscape ? 'landscape' : 'portrait', bufferPages: true,
    margins: { top: MARGIN + HEADER_H, bottom: MARGIN + FOOTER_H, left: MARGIN, right: MARGIN },
    info: { Title: pdfText(meta.title), Author: pdfText(letterhead.name), Creator: pdfText(meta.madeBy) },
  });
  const chunks: Buffer[] = [];
  let piped = false;
  const left = MARGIN;
  const width = () => doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER_H;

  function pageHeader(): void {
    const top = MARGIN;
    let x = left;
    if (letterhead.logoPng) {
      try {
        doc.image(letterhead.logoPng, left, top, { fit: [44, 44] });
        x = left + 54;
      } catch {
        // A logo pdfkit cannot read: the name alone.
      }
    }
    doc.save();
    doc.font('Helvetica-Bold').fontSize(14).fillColor('black').text(pdfText(letterhead.name), x, top + 2, { lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    if (letterhead.strapline) doc.text(pdfText(letterhead.strapline), x, top + 20, { lineBreak: false });
    if (letterhead.addressLine) doc.text(pdfText(letterhead.addressLine), x, top + 31, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(9).fillColor('black')
      .text(pdfText(meta.title), left, top + 2, { width: width(), align: 'right', lineBreak: false });
    doc.moveTo(left, top + HEADER_H - 12).lineTo(left + width(), top + HEADER_H - 12).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.restore();
    doc.x = left;
    doc.y = MARGIN + HEADER_H;
    doc.font('Helvetica').fontSize(9).fillColor('black');
  }

  doc.on('pageAdded', pageHeader);
  pageHeader();

  // The title block of the first page.
  doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text(pdfText(meta.title), left, doc.y, { width: width() });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const line of meta.lines) doc.text(pdfText(line), { width: width() });
  doc.fillColor('black').moveDown(0.8);

  /** Room for `h` points on this page, or a new page. */
  function ensure(h: number): void {
    if (doc.y + h > bottom()) doc.addPage();
  }

  const api = {
    doc,
    ensure,
    width,
    heading(text: string): void {
      ensure(40);
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).fillColor('black').text(pdfText(text), left, doc.y, { width: width() });
      doc.font('Helvetica').fontSize(9).moveDown(0.3);
    },
    paragraph(text: string): void {
      ensure(14);
      doc.font('Helvetica').fontSize(9).fillColor('black').text(pdfText(text), left, doc.y, { width: width() });
    },
    /** Label and value pairs in two columns ("Driver  A. Smith"). */
    keyValues(pairs: Array<[string, string]>): void {
      for (const [k, v] of pairs) {
        ensure(13);
        const y = doc.y;
        doc.font('Helvetica').fontSize(9).fillColor(GREY).text(pdfText(k), left, y, { width: 130, lineBreak: false });
        doc.fillColor('black').text(pdfText(v), left + 135, y, { width: width() - 135 });
      }
      doc.moveDown(0.4);
    },
    /**
     * A table: the header row repeats at the top of each page it runs onto; `totals` is a last row in
     * bold on grey. Cells are one line each, cut with '…' when too long (a table stays a grid).
     */
    table(columns: PdfColumn[], rows: Iterable<string[]>, opts: { totals?: string[]; fontSize?: number } = {}): void {
      const size = opts.fontSize ?? 8;
      const rowH = size + 6;
      const share = columns.reduce((s, c) => s + c.width, 0);
      const widths = columns.map((c) => (c.width / share) * width());
      const drawRow = (cells: string[], style: 'head' | 'body' | 'total') => {
        ensure(rowH);
        const y = doc.y;
        if (style !== 'body') doc.rect(left, y, width(), rowH).fill(FILL);
        doc.font(style === 'body' ? 'Helvetica' : 'Helvetica-Bold').fontSize(size).fillColor('black');
        let x = left;
        cells.forEach((cell, i) => {
          const w = widths[i] ?? 0;
          doc.text(pdfText(cell ?? ''), x + 2, y + 3, { width: w - 4, height: rowH, align: columns[i]?.align ?? 'left', lineBreak: false, ellipsis: true });
          x += w;
        });
        doc.moveTo(left, y + rowH).lineTo(left + width(), y + rowH).lineWidth(0.3).strokeColor(RULE).stroke();
        doc.x = left;
        doc.y = y + rowH;
      };
      const header = columns.map((c) => c.label);
      ensure(rowH * 2);
      drawRow(header, 'head');
      for (const row of rows) {
        if (doc.y + rowH > bottom()) {
          doc.addPage();
          drawRow(header, 'head');
        }
        drawRow(row, 'body');
      }
      if (opts.totals) drawRow(opts.totals, 'total');
      doc.moveDown(0.6);
    },
    /** A signature: the image (PNG) over a line, then the name and the time signed. */
    signature(label: string, name: string, signedAt: string, png: Buffer | null): void {
      ensure(90);
      const y = doc.y;
      doc.font('Helvetica').fontSize(8).fillColor(GREY).text(pdfText(label), left, y);
      if (png) {
        try {
          doc.image(png, left, y + 12, { fit: [180, 50] });
        } catch {
          doc.fillColor('black').text('(signature image unreadable)', left, y + 30);
        }
      }
      doc.moveTo(left, y + 64).lineTo(left + 220, y + 64).lineWidth(0.5).strokeColor('black').stroke();
      doc.font('Helvetica').fontSize(9).fillColor('black').text(pdfText(`${name} — ${signedAt}`), left, y + 68, { width: width() });
      doc.x = left;
      doc.y = y + 86;
    },
    /** Streams the file to `out` as it is written (call before writing the body; `end()` still numbers the pages). */
    pipe(out: NodeJS.WritableStream): void {
      piped = true;
      doc.pipe(out);
    },
    /** Numbers the pages, closes the document and resolves with its bytes (empty when piped). */
    end(): Promise<Buffer> {
      return new Promise((resolve, reject) => {
        if (!piped) doc.on('data', (c: Buffer) => chunks.push(c));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        doc.on('error', reject);
        const range = doc.bufferedPageRange();
        for (let i = range.start; i < range.start + range.count; i++) {
          doc.switchToPage(i);
          const y = doc.page.height - MARGIN - FOOTER_H + 8;
          const saved = doc.page.margins.bottom;
          doc.page.margins.bottom = 0;
          doc.font('Helvetica').fontSize(7).fillColor(GREY)
            .text(pdfText(meta.madeBy), left, y, { width: width() / 2, lineBreak: false })
            .text(`Page ${i - range.start + 1} of ${range.count}`, left + width() / 2, y, { width: width() / 2, align: 'right', lineBreak: false });
          doc.page.margins.bottom = saved;
        }
        doc.end();
      });
    },
  };
  return api;
}
