// What the fleet page composes: the entry beside the vehicle list's group selector.
export { ManageGroupsButton } from './components/manage-groups-button.tsx';
