/** The fuel module's door (issue 16): its calls, its repository and service, and the detection job the server starts. */
export { fuelRoutes } from './fuel.routes.ts';
export { fuelRepository, type FuelRepository } from './fuel.repository.ts';
export { fuelService, type FuelService } from './fuel.service.ts';
export { fuelJob, type FuelJob, type FuelJobOptions } from './fuel-job.ts';
