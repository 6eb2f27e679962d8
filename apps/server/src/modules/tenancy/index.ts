/** The tenancy module's door: customers and sites, and the caller's reach over them. */
export { tenancyRoutes } from './tenancy.routes.ts';
export { tenancyRepository } from './tenancy.repository.ts';
export { tenancyService, type TenancyService } from './tenancy.service.ts';
