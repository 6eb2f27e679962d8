import {
  DEFAULT_UNIT_SYSTEM, reverseAnswerSchema, reverseQuerySchema, type UnitSystem, vehicleAddressAnswerSchema, vehicleAddressQuerySchema,
  w3wAnswerSchema, w3wQuerySchema,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { ApiError } from '../../lib/errors.ts';
import { scopedOf } from '../../plugins/access.ts';
import { poiFinder } from './place-finder.ts';
import type { PoiRepository } from '../poi/index.ts';
import { gazetteer, headingWords, placeText } from './gazetteer.ts';
import { GeocoderFailed, type ReverseGeocoder } from './geocoder.ts';
import { NotConfigured, type What3WordsProvider } from './what3words.ts';

export interface PlacesRoutesOptions {
  places: PoiRepository;
  w3w: What3WordsProvider;
  geocoder: ReverseGeocoder;
  /** A site's unit system (the site module's settings): the distance in the text is in it. */
  systemOfSite: (siteId: number) => Promise<UnitSystem>;
  /** A unit's latest plausible position, or undefined when it never reported (the fleet module answers). */
  positionOf(unitId: number): Promise<{ lat: number; lon: number } | undefined>;
}

const tag = { tags: ['places'] };

export const placesRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { places, w3w, systemOfSite, geocoder, positionOf }) => {

  app.get('/reverse', {
    schema: { ...tag, summary: "Location text: 'At {POI}' inside one of the site's POI, else the nearest town", querystring: reverseQuerySchema, response: { 200: reverseAnswerSchema } },
    config: { access: { who: 'session', scope: [{ current: 'site', none: 'pass' }] } },
  }, async (request) => {
    const { lat, lng, dir } = request.query;
    const siteId = scopedOf(request).currentSite;
    const poi = poiFinder(siteId ? await places.ofSite(siteId) : [])(lat, lng);
    const heading = dir === undefined ? null : headingWords(dir);
    if (poi) return { ok: 1 as const, loc: `At ${poi}`, poi, town: null, distancekm: null, heading };
    const town = gazetteer.nearest(lat, lng);
    const loc = placeText(lat, lng, siteId ? await systemOfSite(siteId) : DEFAULT_UNIT_SYSTEM);
    return { ok: 1 as const, loc, poi: null, town: town?.name ?? null, distancekm: town ? Math.round(town.distanceKm * 10) / 10 : null, heading };
  });

  // Asked for one vehicle at a time (the one a person selected), never per live update: a street
  // geocoder is a network call, cached by position (geocoder.ts).
  app.get('/vehicleaddress', {
    schema: { ...tag, summary: "Street address of a vehicle's latest position (GEOCODER_URL); the nearest town when no geocoder is configured", querystring: vehicleAddressQuerySchema, response: { 200: vehicleAddressAnswerSchema } },
    config: { access: { who: 'session', scope: [{ unit: 'query.unitid' }] } },
  }, async (request) => {
    const configured = geocoder.configured;
    const position = await positionOf(request.query.unitid);
    if (!position) return { ok: 1 as const, configured, address: null, note: 'The vehicle has not reported a position yet.' };
    try {
      const siteId = callerOf(request).session.siteId;
      const address = await geocoder.reverse(position.lat, position.lon, siteId ? await systemOfSite(siteId) : DEFAULT_UNIT_SYSTEM);
      const note = !configured
        ? 'No street geocoder is configured on this server (GEOCODER_URL): the nearest town is shown.'
        : address === null ? 'No street address is known at this position.' : null;
      return { ok: 1 as const, configured, address, note };
    } catch (err) {
      if (err instanceof GeocoderFailed) throw new ApiError(502, err.message);
      throw err;
    }
  });

  app.get('/w3wfrom', {
    schema: { ...tag, summary: 'Coordinates of a what3words address (needs W3W_API_KEY)', querystring: w3wQuerySchema, response: { 200: w3wAnswerSchema } },
    config: { access: { who: 'session' } },
  }, async (request) => {
    try {
      return { ok: 1 as const, ...(await w3w.toCoordinates(request.query.w3w)) };
    } catch (err) {
      if (err instanceof NotConfigured) throw new ApiError(503, err.message);
      throw new ApiError(502, `what3words did not answer: ${err instanceof Error ? err.message : 'unknown error'}.`);
    }
  });
};
