import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { num, text } from '../api/primitives.ts';
import { isIanaTimeZone } from '../rules/zoned.ts';
import { unitSystemSchema } from '../rules/units.ts';

/**
 * A site's settings (issue 15 item 4: fleetconfig, navigatorconfig), kept in sites.settings (jsonb).
 * Every key has a default: a site that never saved one (or holds a value that no longer parses)
 * reads the default, so old rows and new keys need no migration.
 */
export const VOLUME_UNITS = ['litres', 'gallons'] as const;
export type VolumeUnit = (typeof VOLUME_UNITS)[number];
export const SITE_BASEMAPS = ['streets', 'satellite'] as const;
export type SiteBasemap = (typeof SITE_BASEMAPS)[number];
export const ROUTE_PROFILES = ['car', 'van', 'hgv'] as const;
export type RouteProfile = (typeof ROUTE_PROFILES)[number];
/** Litres in one imperial (UK) gallon. */
export const LITRES_PER_GALLON = 4.54609;

/** Where a map opens: its centre and zoom. */
export const mapViewSchema = z.strictObject({
  lat: num(-85, 85, { min: 'The latitude must be between -85 and 85.', max: 'The latitude must be between -85 and 85.' }),
  lon: num(-180, 180, { min: 'The longitude must be between -180 and 180.', max: 'The longitude must be between -180 and 180.' }),
  zoom: num(1, 18, { min: 'The zoom must be between 1 and 18.', max: 'The zoom must be between 1 and 18.' }),
});
export type MapViewSetting = z.infer<typeof mapViewSchema>;

/** The navigator's settings for the site's drivers (the navigator page is issue 16's). */
export const navigatorSettingsSchema = z.strictObject({
  profile: z.enum(ROUTE_PROFILES, { error: "the route profile must be 'car', 'van' or 'hgv'" }),
  avoidTolls: z.boolean(),
  avoidMotorways: z.boolean(),
  /** How close (metres) counts as arrived. */
  arrivalRadiusM: z.number().int('must be a whole number').min(10, 'The arrival radius must be 10 m or more.').max(1000, 'The arrival radius must be at most 1,000 m.'),
  showTraffic: z.boolean(),
});
export type NavigatorSettings = z.infer<typeof navigatorSettingsSchema>;
export const DEFAULT_NAVIGATOR_SETTINGS: NavigatorSettings = { profile: 'van', avoidTolls: false, avoidMotorways: false, arrivalRadiusM: 50, showTraffic: false };

const settingsShape = {
  volumeUnit: z.enum(VOLUME_UNITS, { error: "the volume unit must be 'litres' or 'gallons'" }),
  /** Idling shorter than this is not reported (the Idling report's default). */
  idleMinutes: z.number().int('must be a whole number').min(0, 'The idle threshold must be 0 minutes or more.').max(1440, 'The idle threshold must be at most 1,440 minutes.'),
  /** Speeding threshold in km/h whatever the site's units (the page shows it in the site's units). */
  speedingKmh: z.number().int('must be a whole number').min(1, 'The speeding threshold must be 1 km/h or more.').max(300, 'The speeding threshold must be at most 300 km/h.'),
  /** Where the fleet map opens for someone with no view of their own; null: around the vehicles. */
  mapView: mapViewSchema.nullable(),
  basemap: z.enum(SITE_BASEMAPS, { error: "the basemap must be 'streets' or 'satellite'" }),
  /** Links of the operators' menu entries the site's operators see; null: all of them. */
  operatorMenu: z.array(text(200)).max(50).nullable(),
  navigator: navigatorSettingsSchema,
};
export const siteSettingsSchema = z.strictObject(settingsShape);
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  volumeUnit: 'litres',
  idleMinutes: 1,
  speedingKmh: 113,
  mapView: null,
  basemap: 'streets',
  operatorMenu: null,
  navigator: DEFAULT_NAVIGATOR_SETTINGS,
};

/** A site's settings as stored: each key that parses is kept, each other key reads as its default. */
export function siteSettingsOf(raw: unknown): SiteSettings {
  const stored = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(settingsShape)) {
    const parsed = schema.safeParse(stored[key]);
    out[key] = parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS[key as keyof SiteSettings];
  }
  return out as SiteSettings;
}

/** A volume in litres as the site reads it ('12.5 l' or '2.7 gal'); '' for a value that is not a number. */
export function volumeText(litres: unknown, unit: VolumeUnit): string {
  if (typeof litres !== 'number' || !Number.isFinite(litres)) return '';
  return unit === 'gallons' ? `${(litres / LITRES_PER_GALLON).toFixed(1)} gal` : `${litres.toFixed(1)} l`;
}

/**
 * The part of the settings every signed-in user of the site reads (in their session): all but the
 * menu. Keys it does not know are dropped, not refused: a session must never fail over a new setting.
 */
export const siteViewSchema = z.object({
  volumeUnit: settingsShape.volumeUnit,
  idleMinutes: settingsShape.idleMinutes,
  speedingKmh: settingsShape.speedingKmh,
  mapView: z.object(mapViewSchema.shape).nullable(),
  basemap: settingsShape.basemap,
  navigator: z.object(navigatorSettingsSchema.shape),
});
export type SiteView = z.infer<typeof siteViewSchema>;
/** A session's site settings (SessionUser.sitesettings) as they read; null when absent or not readable. */
export function readSiteView(raw: unknown): SiteView | null {
  const parsed = siteViewSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The settings a session carries. */
export function siteViewOf(s: SiteSettings): SiteView {
  const { operatorMenu: _menu, ...view } = s;
  return view;
}

/** An IANA time zone, in its canonical spelling ('europe/london' is saved as 'Europe/London'). */
const zone = text(64)
  .trim()
  .refine(isIanaTimeZone, 'must be an IANA time zone such as Europe/London')
  .transform((tz) => new Intl.DateTimeFormat('en-GB', { timeZone: tz }).resolvedOptions().timeZone);

/** savesitesettings (site administrators): any of the current site's settings; what is left out stays. */
export const saveSiteSettingsBodySchema = z.strictObject({
  timezone: zone.optional(),
  unitsystem: unitSystemSchema.optional(),
  /** '' removes the site image (a new one comes through savesiteimage). */
  image: z.literal('', { error: "image can only be '' here (upload one with savesiteimage)" }).optional(),
  settings: siteSettingsSchema.omit({ navigator: true }).partial().optional(),
});
export type SaveSiteSettingsBody = z.infer<typeof saveSiteSettingsBodySchema>;

/** navigatorconfig (site administrators): the navigator settings of the current site, whole. */
export const navigatorConfigBodySchema = navigatorSettingsSchema;

/** sitesettings: the current site's settings, and the operators' menu entries an administrator picks from. */
export const siteSettingsAnswerSchema = success({
  siteid: z.number(),
  sitename: z.string(),
  timezone: z.string(),
  unitsystem: unitSystemSchema,
  image: z.string(),
  settings: siteSettingsSchema,
  menuchoices: z.array(z.object({ name: z.string(), icon: z.string(), link: z.string() })),
});
export type SiteSettingsAnswer = z.infer<typeof siteSettingsAnswerSchema>;
export const siteImageAnswerSchema = success({ image: z.string() });
