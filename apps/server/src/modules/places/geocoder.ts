import type { UnitSystem } from '@fleet/shared';
import { placeText } from './gazetteer.ts';

/** A street address for a position, from a reverse geocoder. */
export interface ReverseGeocoder {
  /** False for the offline gazetteer: it knows towns, not streets. */
  readonly configured: boolean;
  /**
   * The address at a position, or null when the service knows none there; throws GeocoderFailed when
   * it does not answer. A distance in the text is in `system` (the gazetteer's '1.2 mi from Morley').
   */
  reverse(lat: number, lon: number, system: UnitSystem): Promise<string | null>;
}

export class GeocoderFailed extends Error {}

/** The default: the offline gazetteer's nearest town ('1.3 mi from Morley', or '2.1 km' on a metric site); no street, no network. */
export const gazetteerGeocoder: ReverseGeocoder = {
  configured: false,
  reverse: (lat, lon, system) => Promise.resolve(placeText(lat, lon, system)),
};

interface NominatimAnswer {
  error?: string;
  display_name?: string;
  address?: Partial<Record<'house_number' | 'road' | 'pedestrian' | 'suburb' | 'village' | 'town' | 'city' | 'postcode', string>>;
}

/** '12 Wellington Street, Leeds LS1 4DL' from Nominatim's parts, else its display name. */
export function nominatimText(answer: NominatimAnswer): string | null {
  const a = answer.address;
  const road = a?.road ?? a?.pedestrian;
  if (a && road) {
    const street = a.house_number ? `${a.house_number} ${road}` : road;
    const place = a.city ?? a.town ?? a.village ?? a.suburb;
    const tail = [place, a.postcode].filter(Boolean).join(' ');
    return tail ? `${street}, ${tail}` : street;
  }
  return answer.display_name?.trim() || null;
}

export interface NominatimOptions {
  /** Per request; past it the call says the service did not answer (default 3 s). */
  timeoutMs?: number;
  /** Answers kept (by position to about 11 m), and for how long. */
  cacheSize?: number;
  cacheMs?: number;
  /** Nominatim's usage policy asks every client to name itself. */
  userAgent?: string;
}

/**
 * A Nominatim-compatible reverse geocoder (GET {base}/reverse?format=jsonv2&lat=&lon=). Answers are
 * cached by position rounded to 4 decimals (about 11 m) and the same position asked twice at once
 * goes out once; each request gives up after `timeoutMs`.
 */
export function nominatimGeocoder(baseUrl: string, opts: NominatimOptions = {}): ReverseGeocoder {
  const timeoutMs = opts.timeoutMs ?? 3000;
  const cacheSize = opts.cacheSize ?? 5000;
  const cacheMs = opts.cacheMs ?? 24 * 3600_000;
  const base = baseUrl.replace(/\/+$/, '');
  const cache = new Map<string, { at: number; text: string | null }>();
  const pending = new Map<string, Promise<string | null>>();

  async function ask(lat: number, lon: number): Promise<string | null> {
    const url = `${base}/reverse?format=jsonv2&zoom=18&addressdetails=1&lat=${lat}&lon=${lon}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'User-Agent': opts.userAgent ?? 'fleet-platform', Accept: 'application/json' } });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new GeocoderFailed(timedOut ? `The address service did not answer in ${timeoutMs / 1000} s.` : 'The address service could not be reached.');
    }
    if (!res.ok) throw new GeocoderFailed(`The address service answered ${res.status}.`);
    let body: NominatimAnswer;
    try {
      body = (await res.json()) as NominatimAnswer;
    } catch {
      throw new GeocoderFailed('The address service answered something that is not JSON.');
    }
    return body.error ? null : nominatimText(body);
  }

  return {
    configured: true,
    async reverse(lat, lon) {
      const rLat = Math.round(lat * 1e4) / 1e4;
      const rLon = Math.round(lon * 1e4) / 1e4;
      const key = `${rLat},${rLon}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < cacheMs) return hit.text;
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const request = ask(rLat, rLon)
        .then((text) => {
          if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
          cache.set(key, { at: Date.now(), text });
          return text;
        })
        .finally(() => pending.delete(key));
      pending.set(key, request);
      return request;
    },
  };
}
