import type { BrandRecord, saveBrandBodySchema } from '@fleet/shared';
import sharp from 'sharp';
import type { z } from 'zod';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { effectiveMap } from './brand-map.ts';
import { iconVersion } from './brand-icons.ts';
import type { BrandFields } from './brand.repository.ts';
import type { BrandRow, BrandService } from './brand.service.ts';
import { sanitizeSvg, SvgRefused } from './svg-sanitize.ts';

type SaveBrand = z.output<typeof saveBrandBodySchema>;

/**
 * Which brands a super administrator edits: the installation's (the default brand's) super
 * administrators edit every brand and add new ones; a brand's own super administrators edit that brand.
 */
export function editableBrands(rows: BrandRow[], caller: Caller): { brands: BrandRow[]; canAdd: boolean } {
  const own = rows.find((b) => b.id === caller.session.brandId);
  if (own?.isDefault) return { brands: rows, canAdd: true };
  return { brands: own ? [own] : [], canAdd: false };
}

/** A brand as the editor shows it. */
export function brandRecord(b: BrandRow, brands: BrandService): BrandRecord {
  return {
    id: b.id, key: b.key, isDefault: b.isDefault, hosts: b.hosts, name: b.name, strapline: b.strapline, themeColor: b.themeColor,
    logoSvg: b.logoSvg, faviconSvg: b.faviconSvg, senderAddress: b.senderAddress, privacyUrl: b.privacyUrl, publicUrl: b.publicUrl,
    mapStyle: b.mapStyleUrl, mapSatellite: b.mapSatelliteStyleUrl, mapHosts: b.mapHosts,
    effectiveMap: effectiveMap(b, brands.mapDefaults), updatedAt: b.updatedAt?.toISOString() ?? null,
  };
}

/** A brand as the audit log keeps it: the SVGs by their hash and size (the log is not an image store). */
export function auditedBrand(b: BrandRow) {
  const { logoSvg, faviconSvg, createdAt: _c, updatedAt: _u, ...rest } = b;
  return { ...rest, logoSvg: `sha256:${iconVersion(logoSvg)} (${logoSvg.length} characters)`, faviconSvg: `sha256:${iconVersion(faviconSvg)} (${faviconSvg.length} characters)` };
}

/** An SVG sanitised and checked to draw (the icons and letterheads are drawn from it by librsvg). */
async function usableSvg(svg: string, what: 'logo' | 'favicon'): Promise<string> {
  let clean: string;
  try {
    clean = sanitizeSvg(svg);
  } catch (err) {
    if (err instanceof SvgRefused) throw badRequest(`The ${what} is not an SVG image that can be used: ${err.message}.`);
    throw err;
  }
  const meta = await sharp(Buffer.from(clean), { limitInputPixels: 4096 * 4096 }).metadata().catch(() => null);
  if (!meta || meta.format !== 'svg') throw badRequest(`The ${what} cannot be drawn: check that it is a complete SVG image with a size or viewBox.`);
  return clean;
}

/**
 * Adds or edits a brand for `caller` after its rules: only brands the caller edits; only the
 * installation's super administrators add; host names unique across brands (409); the host the
 * caller is signed in on stays with their brand (or they would be signed out by their own edit).
 */
export async function saveBrand(brands: BrandService, caller: Caller, host: string, body: SaveBrand) {
  const { brands: mine, canAdd } = editableBrands(await brands.all(), caller);
  const before = body.id === 0 ? undefined : mine.find((b) => b.id === body.id);
  if (body.id === 0 && !canAdd) throw forbidden('Only a super administrator of the installation (its default brand) may add a brand.');
  if (body.id !== 0 && !before) throw notFound('brand');
  if (body.id === 0 && !body.key) throw badRequest('key: give the new brand a key (lower-case letters, digits and hyphens).');
  const hosts = [...new Set(body.hosts)];
  const signedInHost = host.toLowerCase().replace(/:\d+$/, '');
  if (before && before.id === caller.session.brandId && !before.isDefault && before.hosts.includes(signedInHost) && !hosts.includes(signedInHost)) {
    throw badRequest(`hosts: keep ${signedInHost}, the host name you are signed in on; without it your own session would end.`);
  }
  if (body.mapHosts.length > 0 && !body.mapStyle && !body.mapSatellite) {
    throw badRequest('Map hosts go with a style of the brand: name a street or satellite style URL, or leave the map hosts empty.');
  }
  const fields: BrandFields = {
    hosts, name: body.name, strapline: body.strapline, themeColor: body.themeColor,
    logoSvg: await usableSvg(body.logoSvg, 'logo'), faviconSvg: await usableSvg(body.faviconSvg, 'favicon'),
    senderAddress: body.senderAddress, privacyUrl: body.privacyUrl, publicUrl: body.publicUrl.replace(/\/+$/, ''),
    mapStyleUrl: body.mapStyle, mapSatelliteStyleUrl: body.mapSatellite, mapHosts: [...new Set(body.mapHosts)],
  };
  const saved = await brands.repo.save(before ? before.id : null, before ? before.key : (body.key as string), fields);
  if ('taken' in saved) throw new ApiError(409, `The host name ${saved.taken.host} already belongs to the brand ${saved.taken.by}: each host name shows one brand.`);
  if ('keyTaken' in saved) throw new ApiError(409, `The key ${body.key} is taken by another brand: choose another.`);
  if ('missing' in saved) throw notFound('brand');
  // Every answer made from the brand (its pages, icons, manifest, CSP) reads it again from now on.
  brands.forget();
  return { before, after: saved.row };
}
