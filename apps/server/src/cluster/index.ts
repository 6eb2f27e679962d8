/**
 * The roles and how they meet on the bus (issue 17): an ingest node's and a worker node's side of
 * it, and the api's DeviceLink over it.
 */
export { parseRoles, ROLES, rolesArgument, type Role } from './roles.ts';
export { BEACON_MS, GONE_AFTER_MS, nodeId } from './node-id.ts';
export { ingestOnBus } from './ingest-node.ts';
export { workerOnBus } from './worker-node.ts';
export { busDeviceLink } from './bus-device-link.ts';
