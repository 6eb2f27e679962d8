/** The faults module's door (issue 16): the fault episode lists of a vehicle and a site. */
export { faultsRoutes } from './faults.routes.ts';
export { faultsRepository, type FaultsRepository } from './faults.repository.ts';
