/** The estate module's door (issue 15): customers, sites, units and unit types for super administrators. */
export { estateRoutes, UNIT_TYPES_SHARED } from './estate.routes.ts';
export { estateRepository, type EstateRepository } from './estate.repository.ts';
