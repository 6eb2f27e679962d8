import type { Pool } from 'pg';
import sharp from 'sharp';
import type { Letterhead } from '../../lib/pdf/branded-pdf.ts';

const logos = new Map<string, Promise<Buffer | null>>();

/** The brand's SVG logo as a PNG 176 px high (44 pt at 4×), or null when librsvg cannot draw it. */
function logoPng(svg: string): Promise<Buffer | null> {
  let png = logos.get(svg);
  if (!png) {
    if (logos.size > 32) logos.clear();
    png = sharp(Buffer.from(svg), { density: 288, limitInputPixels: 8192 * 8192 })
      .resize({ height: 176, fit: 'inside', withoutEnlargement: false })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer()
      .catch(() => null);
    logos.set(svg, png);
  }
  return png;
}

/**
 * The letterhead of a site's paperwork (timesheet sign-offs, report PDFs): the brand of the site's
 * customer, its logo, and the customer and site as the line under the name. Null when there is no such site.
 */
export async function letterheadOfSite(pool: Pool, siteId: number): Promise<Letterhead | null> {
  const { rows } = await pool.query<{ name: string; strapline: string; logo_svg: string; customer: string; site: string }>(
    `SELECT b.name, b.strapline, b.logo_svg, c.name AS customer, s.name AS site
       FROM sites s JOIN customers c ON c.id = s.customer_id JOIN brands b ON b.id = c.brand_id
      WHERE s.id = $1`, [siteId]);
  const r = rows[0];
  if (!r) return null;
  return { name: r.name, strapline: r.strapline, logoPng: await logoPng(r.logo_svg), addressLine: `${r.customer} · ${r.site}` };
}
