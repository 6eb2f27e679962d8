// The change-password modal's loader, in a chunk of its own that change-password-host.tsx fetches when
// the modal first opens: its list of chunks to preload (Vite's `__vite__mapDeps`) then stays out of the
// entry the login page downloads (docs/decisions.md, "Login weight: page loaders off the entry").
export const loadChangePasswordModal = () => import('./change-password-modal.tsx');
