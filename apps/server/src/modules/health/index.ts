/** The health module's door. */
export { healthRoutes } from './health.routes.ts';
export { healthRepository } from './health.repository.ts';
