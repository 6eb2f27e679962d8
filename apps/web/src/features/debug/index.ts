// The debug feature's door: the only file other code imports from it.
export { debugKeys } from './api/debug-keys.ts';
/** The debug page, loaded when its route is first opened (its own chunk). */
export const loadDebugPage = () => import('./pages/debug-page.tsx');
