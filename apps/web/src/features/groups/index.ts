// The groups feature's door: the only file other code imports from it.
/** The site's groups (the fleet page's selector) and their cache keys. */
export { groupsQuery } from './api/groups-api.ts';
export { groupKeys } from './api/group-keys.ts';
/** What the fleet page composes: the entry beside the vehicle list's group selector. */
export { ManageGroupsButton } from './components/manage-groups-button.tsx';
