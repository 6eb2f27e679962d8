import {
  geofenceAnswerSchema, parseCentre, plainSuccessSchema, poiAnswerSchema,
  poiIdBodySchema, poiIdQuerySchema, quickPoiBodySchema, savePoiAnswerSchema, savePoiBodySchema, searchPoiQuerySchema,
  siteQuerySchema, type SavePoiBody,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { CURRENT_SITE_REQUIRED, currentSiteOf, type AccessRule } from '../../plugins/access.ts';
import { poiView } from './poi-view.ts';
import type { PoiInput, PoiRepository } from './poi.repository.ts';

const tag = { tags: ['poi'] };
const QUICK_RADIUS_M = 100;

/** The calls work on the session's current site, as the spec's client sends no site with them. */
const onSite = (...more: NonNullable<AccessRule['scope']>): AccessRule => ({ who: 'session', scope: [CURRENT_SITE_REQUIRED, ...more] });
/** Places are changed by operators and administrators (not viewers, issue 15). */
const changeOnSite = (...more: NonNullable<AccessRule['scope']>): AccessRule => ({ who: 'operator', scope: [CURRENT_SITE_REQUIRED, ...more] });
const placeId = (field: 'query.id' | 'body.id') => ({ row: 'place', field, within: 'current site', missing: 'place' }) as const;

function input(b: SavePoiBody, isGeofence: boolean): PoiInput {
  const centre = b.mode === 1 ? parseCentre(b.gp) : null;
  return {
    name: b.name, mode: b.mode, lat: centre?.lat ?? null, lon: centre?.lon ?? null, radius: b.mode === 1 ? (b.radius ?? null) : null,
    points: b.mode === 2 ? (b.geo?.points ?? null) : null, showOnMap: b.showonmap ?? true, isGeofence,
  };
}

interface PoiRoutesOptions { repo: PoiRepository; geofencesChanged: () => Promise<void> }

export const poiRoutes: FastifyPluginAsyncZod<PoiRoutesOptions> = async (app, { repo, geofencesChanged }) => {
  async function save(site: number, body: SavePoiBody, geofence: boolean): Promise<number> {
    const data = input(body, geofence);
    let id = body.id;
    if (id === undefined) id = await repo.insert(site, data);
    else if (!(await repo.update(site, id, data))) throw notFound('place');
    await geofencesChanged();
    return id;
  }

  app.get('/poi', {
    schema: { ...tag, summary: "The site's points of interest, each with its geofence flag", querystring: siteQuerySchema, response: { 200: poiAnswerSchema } },
    config: { access: { who: 'session', alsoDriver: true, scope: [{ site: 'query.siteid' }] } },
  }, async (request) => {
    return { ok: 1 as const, poi: (await repo.ofSite(request.query.siteid)).map(poiView) };
  });

  app.post('/savepoi', {
    schema: { ...tag, summary: 'Create or change a point of interest (circle or polygon)', body: savePoiBodySchema, response: { 200: savePoiAnswerSchema } },
    config: { access: changeOnSite(placeId('body.id')) },
  }, async (request) => ({ ok: 1 as const, id: await save(currentSiteOf(request), request.body, false) }));

  app.post('/savegeofence', {
    schema: { ...tag, summary: 'Create or change a geofence: a POI whose entries and exits raise alerts', body: savePoiBodySchema, response: { 200: savePoiAnswerSchema } },
    config: { access: changeOnSite(placeId('body.id')) },
  }, async (request) => ({ ok: 1 as const, id: await save(currentSiteOf(request), request.body, true) }));

  app.get('/getgeofence', {
    schema: { ...tag, summary: 'One POI or geofence', querystring: poiIdQuerySchema, response: { 200: geofenceAnswerSchema } },
    config: { access: onSite(placeId('query.id')) },
  }, async (request) => {
    const row = await repo.get(currentSiteOf(request), request.query.id);
    if (!row) throw notFound('place');
    return { ok: 1 as const, poi: poiView(row) };
  });

  app.post('/deletegeofence', {
    schema: { ...tag, summary: 'Delete a POI or geofence', body: poiIdBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: changeOnSite(placeId('body.id')) },
  }, async (request) => {
    if (!(await repo.remove(currentSiteOf(request), request.body.id))) throw notFound('place');
    await geofencesChanged();
    return { ok: 1 as const };
  });

  app.get('/searchpoi', {
    schema: { ...tag, summary: "Search the site's POI by name", querystring: searchPoiQuerySchema, response: { 200: poiAnswerSchema } },
    config: { access: onSite() },
  }, async (request) => ({ ok: 1 as const, poi: (await repo.search(currentSiteOf(request), request.query.s)).map(poiView) }));

  app.post('/quickpoi', {
    schema: { ...tag, summary: `Drop a ${QUICK_RADIUS_M} m circle POI at a point`, body: quickPoiBodySchema, response: { 200: savePoiAnswerSchema } },
    config: { access: changeOnSite() },
  }, async (request) => {
    const { name, lat, lng } = request.body;
    const id = await repo.insert(currentSiteOf(request), {
      name, mode: 1, lat, lon: lng, radius: QUICK_RADIUS_M, points: null, showOnMap: true, isGeofence: false,
    });
    return { ok: 1 as const, id };
  });
};
