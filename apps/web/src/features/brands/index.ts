// The brands feature's door (issue 15): the brand editor and the test text message, for super administrators.
/** config/brand: the brand editor page (its own chunk). */
export const loadBrandsPage = () => import('./pages/brands-page.tsx');
/** The configuration page's card for it. */
export { BrandsCard } from './components/brands-card.tsx';
export { brandsKeys } from './api/brands-keys.ts';
