import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { httpOrigin, httpUrl, text } from '../api/primitives.ts';

/** The basemaps a brand's maps use: MapLibre style URLs (null style: the bundled low-detail map only). */
export const brandMapSchema = z.object({
  /** The street map's style; null when the installation uses only the bundled basemap (MAP_STYLE_URL=none). */
  style: z.string().nullable(),
  /** A satellite style offered as the second choice, or null. */
  satellite: z.string().nullable(),
});
export type BrandMap = z.infer<typeof brandMapSchema>;

/** What the web app needs to dress itself for the host it is served from. */
export const publicBrandSchema = z.object({
  key: z.string(),
  name: z.string(),
  strapline: z.string(),
  themeColor: z.string(),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  privacyUrl: z.string(),
  map: brandMapSchema,
});
export type PublicBrand = z.infer<typeof publicBrandSchema>;
export const brandAnswerSchema = success({ brand: publicBrandSchema });

/** brandmaps (super administrators): each brand's own map settings and the basemaps in force. */
export const brandMapSettingSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** The brand's own choices; null takes the installation's. */
  style: z.string().nullable(),
  satellite: z.string().nullable(),
  hosts: z.array(z.string()),
  /** What the brand's maps use now (its own, else MAP_STYLE_URL / MAP_SATELLITE_STYLE_URL, else the public default). */
  effective: brandMapSchema,
});
export type BrandMapSetting = z.infer<typeof brandMapSettingSchema>;
export const brandMapsAnswerSchema = success({ brands: z.array(brandMapSettingSchema) });

/** A style URL, or null / '' for none. */
const optionalUrl = z.preprocess((v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v), httpUrl.nullable());

/** setbrandmap (super administrators): a brand's basemap; null or '' clears a choice back to the installation's. */
export const setBrandMapBodySchema = z.strictObject({
  brand: text(100).trim().min(1, 'name the brand (its key)'),
  style: optionalUrl,
  satellite: optionalUrl,
  /** Origins the styles load tiles, glyphs or sprites from besides their own (at most 10). */
  hosts: z.array(httpOrigin).max(10, 'at most 10 map hosts').default([]),
});
export type SetBrandMapBody = z.input<typeof setBrandMapBodySchema>;
