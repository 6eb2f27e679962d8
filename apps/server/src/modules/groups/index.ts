/** The groups module's door: a site's vehicle groups (the list, adding one, setting its vehicles). */
export { groupsRoutes } from './groups.routes.ts';
export { groupsRepository, type GroupsRepository } from './groups.repository.ts';
export { groupsConfigList } from './groups-list.ts';
