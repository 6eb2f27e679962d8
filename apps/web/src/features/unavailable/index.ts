// The 'not available yet' page, shared by every spec page without content yet (its own chunk).
export const loadUnavailablePage = () => import('./pages/unavailable-page.tsx');
