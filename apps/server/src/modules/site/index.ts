/** The site module's door: the site message. */
export { siteRoutes } from './site.routes.ts';
export { siteRepository } from './site.repository.ts';
