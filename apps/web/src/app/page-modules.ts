import type { PageKey } from '@fleet/shared';
import type { ComponentType } from 'react';

type PageModule = () => Promise<{ default: ComponentType }>;

// Each import() is its own chunk, so the login page does not download the fleet table or admin pages.
const unavailable: PageModule = () => import('../features/unavailable/pages/unavailable-page.tsx');
const superadmin: PageModule = () => import('../features/tenancy/pages/superadmin-page.tsx');

const BUILT: Partial<Record<PageKey, PageModule>> = {
  login: () => import('../features/auth/pages/login-page.tsx'),
  popper: () => import('../features/auth/pages/popper-page.tsx'),
  changepassword: () => import('../features/auth/pages/change-password-page.tsx'),
  fleet: () => import('../features/fleet/pages/fleet-page.tsx'),
  config: () => import('../features/admin/pages/config-page.tsx'),
  debug: () => import('../features/debug/pages/debug-page.tsx'),
  dashboard: () => import('../features/dashboard/pages/dashboard-page.tsx'),
  alerts: () => import('../features/alerts/pages/alerts-page.tsx'),
  superadmin,
  suoperadmin: superadmin,
};

/** The module behind a spec page; pages without content yet share the 'not available yet' page. */
export function pageModule(page: PageKey): PageModule {
  return BUILT[page] ?? unavailable;
}
