import { KM_PER_MILE, type SaveSiteSettingsBody, type SiteBasemap, type SiteSettingsAnswer, type UnitSystem, type VolumeUnit } from '@fleet/shared';

/** What the fleetconfig form holds: the speeding threshold in the site's unit, the map view as three fields. */
export interface SiteSettingsForm {
  timezone: string;
  unitsystem: UnitSystem;
  volumeUnit: VolumeUnit;
  idleMinutes: number | string;
  speeding: number | string;
  basemap: SiteBasemap;
  fixedView: boolean;
  lat: number | string;
  lon: number | string;
  zoom: number | string;
  /** The links operators see. */
  operatorMenu: string[];
}
/** A field's error as a key of en.json's siteSettings.errors. */
export type SiteSettingsErrorKey = 'timezone' | 'idle' | 'speedingMph' | 'speedingKmh' | 'lat' | 'lon' | 'zoom' | 'menu';
export type SiteSettingsErrors = Partial<Record<'timezone' | 'idleMinutes' | 'speeding' | 'lat' | 'lon' | 'zoom' | 'operatorMenu', SiteSettingsErrorKey>>;

/** A speed stored in km/h as the site reads it (mph or km/h), whole. */
export const speedInSiteUnit = (kmh: number, system: UnitSystem) => Math.round(system === 'imperial' ? kmh / KM_PER_MILE : kmh);
/** A speed typed in the site's unit, in whole km/h as stored. */
export const speedKmh = (value: number, system: UnitSystem) => Math.round(system === 'imperial' ? value * KM_PER_MILE : value);

export function formOf(a: SiteSettingsAnswer): SiteSettingsForm {
  const s = a.settings;
  return {
    timezone: a.timezone, unitsystem: a.unitsystem, volumeUnit: s.volumeUnit, idleMinutes: s.idleMinutes,
    speeding: speedInSiteUnit(s.speedingKmh, a.unitsystem), basemap: s.basemap, fixedView: s.mapView !== null,
    lat: s.mapView?.lat ?? 54.5, lon: s.mapView?.lon ?? -2.5, zoom: s.mapView?.zoom ?? 6,
    operatorMenu: s.operatorMenu ?? a.menuchoices.map((e) => e.link),
  };
}

const numberOf = (v: number | string): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const t = v.trim();
  return t === '' || !Number.isFinite(Number(t)) ? null : Number(t);
};

/**
 * The savesitesettings body of a filled form, or what is wrong (keys of en.json's siteSettings.errors).
 * Every operators' entry kept reads as "all" (null), so entries added later show up for them too.
 */
export function bodyOf(f: SiteSettingsForm, choices: readonly string[]): { body: SaveSiteSettingsBody; errors: null } | { body: null; errors: SiteSettingsErrors } {
  const errors: SiteSettingsErrors = {};
  if (!f.timezone) errors.timezone = 'timezone';
  const idle = numberOf(f.idleMinutes);
  if (idle === null || !Number.isInteger(idle) || idle < 0 || idle > 1440) errors.idleMinutes = 'idle';
  const speed = numberOf(f.speeding);
  const kmh = speed === null ? null : speedKmh(speed, f.unitsystem);
  if (kmh === null || kmh < 1 || kmh > 300) errors.speeding = f.unitsystem === 'imperial' ? 'speedingMph' : 'speedingKmh';
  const lat = numberOf(f.lat); const lon = numberOf(f.lon); const zoom = numberOf(f.zoom);
  if (f.fixedView) {
    if (lat === null || lat < -85 || lat > 85) errors.lat = 'lat';
    if (lon === null || lon < -180 || lon > 180) errors.lon = 'lon';
    if (zoom === null || zoom < 1 || zoom > 18) errors.zoom = 'zoom';
  }
  if (f.operatorMenu.length === 0) errors.operatorMenu = 'menu';
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const all = choices.every((c) => f.operatorMenu.includes(c));
  return {
    errors: null,
    body: {
      timezone: f.timezone,
      unitsystem: f.unitsystem,
      settings: {
        volumeUnit: f.volumeUnit, idleMinutes: idle!, speedingKmh: kmh!, basemap: f.basemap,
        mapView: f.fixedView ? { lat: lat!, lon: lon!, zoom: zoom! } : null,
        operatorMenu: all ? null : choices.filter((c) => f.operatorMenu.includes(c)),
      },
    },
  };
}
