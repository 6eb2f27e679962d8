/** The site module's door: a site's settings (its message, working hours, its units' service plans) and the Servicing rule. */
export { siteRoutes } from './site.routes.ts';
export { siteRepository, workingHoursOfSites, type ServiceDueRow, type SiteRepository } from './site.repository.ts';
export { dueReasons } from './service-plan.ts';
export { servicePlansConfigList, workingHoursConfigList } from './site-lists.ts';
export { siteSettingsRoutes } from './site-settings.routes.ts';
export { siteSettingsRepository, type SiteSettingsRepository } from './site-settings.repository.ts';
