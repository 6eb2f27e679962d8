// The frames around pages (the shell, the signed-out frame, the driver's frame) and the notifications'
// container, each its own chunk.
// This module is a chunk of its own too, loaded when a frame is first needed: the lists of chunks each
// frame preloads (Vite's `__vite__mapDeps`) then live here, not in the entry the login page downloads
// (docs/decisions.md, "Login weight: page loaders off the entry").
export const loadAppFrame = () => import('./shell/app-frame.tsx');
export const loadPublicFrame = () => import('./shell/public-frame.tsx');
export const loadDriverFrame = () => import('./driver-frame.tsx');
export const loadNotificationsHost = () => import('../shared/ui/notifications-host.tsx');
