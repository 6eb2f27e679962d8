// The auth feature's door: the only file other code imports from it.
/** For the shell: session refresh, the change-password modal (and how to open it), sign-out confirmation. */
export { ChangePasswordHost } from './components/change-password-host.tsx';
export { LogoutConfirmModal } from './components/logout-confirm-modal.tsx';
export { openChangePassword } from './hooks/change-password-store.ts';
export { useRefreshUser } from './hooks/use-refresh-user.ts';
/** The pages, each loaded when its route is first opened (its own chunk). */
export const loadLoginPage = () => import('./pages/login-page.tsx');
export { loadChangePasswordPage, loadPopperPage } from './page-loaders.ts';
