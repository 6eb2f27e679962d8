/** The drivers module's door: a site's drivers. */
export { driversRoutes } from './drivers.routes.ts';
export { driversRepository, type DriversRepository } from './drivers.repository.ts';
export { driversConfigList } from './drivers-list.ts';
