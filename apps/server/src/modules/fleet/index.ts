/** The fleet module's door: the site's lists and the one vehicle read model (the vehicles call and the live updates). */
export { fleetRoutes } from './fleet.routes.ts';
export { fleetRepository, type FleetRepository } from './fleet.repository.ts';
export { vehicleReadModel, type VehicleReadModel } from './vehicle-read-model.ts';
export { vehicleLive } from './vehicle-view.ts';
