/** The performance module's door (issue 16): driver and vehicle scores, heads-up summary, recent trips, the site's league. */
export { performanceRoutes } from './performance.routes.ts';
export { performanceRepository, type PerformanceRepository } from './performance.repository.ts';
