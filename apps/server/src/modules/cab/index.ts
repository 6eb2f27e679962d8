/** The cab module's door: cab devices, driver sign-in on them and the driver's vehicle (issue 11). */
export { cabRoutes } from './cab.routes.ts';
export { cabRepository, type CabRepository } from './cab.repository.ts';
export { cabService, type CabService, DEVICE_NOT_REGISTERED, WRONG_DRIVER_CREDENTIALS } from './cab.service.ts';
