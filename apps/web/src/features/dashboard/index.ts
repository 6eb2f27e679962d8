// The dashboard feature's door: its page, loaded when its route is first opened (its own chunk).
export const loadDashboardPage = () => import('./pages/dashboard-page.tsx');
