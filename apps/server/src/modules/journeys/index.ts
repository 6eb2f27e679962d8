/** The journeys module's door (issue 12): a day of a vehicle or a driver, its positions, one position in full, a trip's events, a site's trips. */
export { journeysRoutes } from './journeys.routes.ts';
export { journeysRepository, type JourneysRepository } from './journeys.repository.ts';
export { dayBounds, daysBounds, zoneOrFallback } from './day.ts';
export { visitsOf } from './journeys-view.ts';
