// The auth pages other than the login page, each its own chunk. Kept out of index.ts's own code: the
// root layout imports that door, so its loaders (and their preload lists) would sit in the entry the
// login page downloads; these are only reached through app/page-modules.ts, a chunk of its own.
export const loadPopperPage = () => import('./pages/popper-page.tsx');
export const loadChangePasswordPage = () => import('./pages/change-password-page.tsx');
