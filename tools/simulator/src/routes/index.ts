import { SITE_POI } from '@fleet/demo/data/poi';
import { BRADFORD_ROUTES } from './bradford.ts';
import type { LatLon } from './geo.ts';
import { LEEDS_ROUTES } from './leeds.ts';
import { buildRoute, type RouteDef, type RoutePath } from './route.ts';
import { WAKEFIELD_ROUTES } from './wakefield.ts';

export type { LatLon } from './geo.ts';
export { aheadLimitKmh, positionAt, type RouteDef, type RoutePath, type RouteStop } from './route.ts';

export const ROUTE_DEFS: readonly RouteDef[] = [...LEEDS_ROUTES, ...BRADFORD_ROUTES, ...WAKEFIELD_ROUTES];

/** A site's depot: the seed's circle POI that carries the site's own name. */
export function depotOf(site: string): LatLon {
  const poi = SITE_POI[site]?.find((p) => p.name === site && p.mode === 1);
  if (poi?.mode !== 1) throw new Error(`no depot POI for site '${site}'`);
  return { lat: poi.lat, lon: poi.lon };
}

let built: RoutePath[] | undefined;

/** All routes, built once. */
export function allRoutes(): readonly RoutePath[] {
  built ??= ROUTE_DEFS.map((def) => buildRoute(def, depotOf(def.site)));
  return built;
}

/** The routes from one site's depot; an unknown site gets every route. */
export function routesForSite(site: string): readonly RoutePath[] {
  const mine = allRoutes().filter((r) => r.site === site);
  return mine.length > 0 ? mine : allRoutes();
}

export function routeById(id: string): RoutePath {
  const route = allRoutes().find((r) => r.id === id);
  if (!route) throw new Error(`unknown route '${id}'`);
  return route;
}
