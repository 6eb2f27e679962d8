// The explorer feature's door (issue 16): a vehicle's IO values over time (fmsv2explorer/{uid}).
/** Cache keys of the explorer's answers. */
export { explorerKeys } from './api/explorer-keys.ts';
/** The fmsv2explorer page, loaded when its route is first opened (its own chunk). */
export const loadExplorerPage = () => import('./pages/explorer-page.tsx');
