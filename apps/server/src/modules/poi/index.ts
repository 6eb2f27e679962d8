/** The poi module's door: a site's places (and, for now, its groups' writes). */
export { poiRoutes } from './poi.routes.ts';
export { poiRepository, type PoiRepository, type PoiRow } from './poi.repository.ts';
