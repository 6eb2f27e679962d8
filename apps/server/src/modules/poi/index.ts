/** The poi module's door: a site's places. */
export { poiRoutes } from './poi.routes.ts';
export { geofencesOfAllSites, poiRepository, type PoiRepository, type PoiRow } from './poi.repository.ts';
export { poiConfigList } from './poi-list.ts';
export { poiView } from './poi-view.ts';
