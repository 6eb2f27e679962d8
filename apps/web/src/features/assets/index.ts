// The assets feature's door (issue 16): unpowered assets and trailers with their trackers, on a map
// and a list, and each asset's allowed hours and place (page 'assets').
/** Cache keys of the assets answers. */
export { assetKeys } from './api/asset-keys.ts';
/** The assets page, loaded when its route is first opened (its own chunk). */
export const loadAssetsPage = () => import('./pages/assets-page.tsx');
