import { Navigate, type RouteObject } from 'react-router';
import { loadLoginPage } from '../features/auth/index.ts';
import { loadAllStrings } from '../i18n/i18n.ts';
import type { RouteHandle } from '../shared/routing/route-handle.ts';
import { RequireAdmin, RequireDriver, RequireTracksec, UserModeOnly, useDriverMode } from './guards.tsx';
import { PageLoading } from './page-loading.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { type AppRoute, appRoutes, LOGIN_REDIRECT_PATHS, type RouteAccess } from './route-table.ts';
import { ShellLayout } from './shell/shell-layout.tsx';

// The page loaders live in a chunk of their own, fetched with the first page after /login: the entry
// does not carry every page's list of chunks to preload (Vite's `__vite__mapDeps`), so a new page adds
// nothing to what the login page downloads (docs/decisions.md, "Login weight: page loaders off the entry").
const loadPageModules = () => import('./page-modules.ts');

/** The page's module: the login page's directly, every other through the page loaders' chunk. */
async function loadPage(page: AppRoute['def']['page']) {
  if (page === 'login') return loadLoginPage();
  // The frames' loaders (frame-modules.ts) come beside the pages' so neither waits for the other.
  void import('./frame-modules.ts').catch(() => undefined);
  const { pageModule } = await loadPageModules();
  return pageModule(page)();
}

function toRouteObject({ path, def }: AppRoute): RouteObject {
  const handle: RouteHandle = { page: def.page, resetMode: def.resetMode };
  return {
    path,
    handle,
    // Every page but the login page needs strings beyond the startup sections (i18n.ts).
    lazy: async () => {
      const [page] = await Promise.all([loadPage(def.page), def.page === 'login' ? undefined : loadAllStrings()]);
      return { Component: page.default };
    },
  };
}

function routesWith(access: RouteAccess): RouteObject[] {
  return appRoutes()
    .filter((r) => r.access === access)
    .map(toRouteObject);
}

const toLogin = <Navigate to="/login" replace />;

/** A page both modes have: the driver's guard in driver mode, the signed-in shell otherwise. */
function EitherMode() {
  return useDriverMode() ? <RequireDriver /> : <ShellLayout requireSession />;
}

/** The route tree: layouts by access level, every spec page lazily loaded, everything else to /login. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        // Driver mode (issue 11): the sign-in on a cab device, and the driver's pages (their own frame).
        { element: <PublicLayout />, children: routesWith('driverentry') },
        { element: <RequireDriver />, children: routesWith('driver') },
        // Pages of both modes (msg): the driver's on a cab device or in a driver session, else a user page in the shell.
        { element: <EitherMode />, children: routesWith('either') },
        {
          element: <UserModeOnly />,
          children: [
            { element: <PublicLayout />, children: routesWith('public') },
            { element: <ShellLayout requireSession={false} />, children: routesWith('optional') },
            {
              element: <ShellLayout requireSession />,
              children: [
                ...routesWith('session'),
                { element: <RequireAdmin />, children: routesWith('admin') },
                { element: <RequireTracksec />, children: routesWith('tracksec') },
              ],
            },
          ],
        },
        ...LOGIN_REDIRECT_PATHS.map((path) => ({ path, element: toLogin })),
        { path: '*', element: toLogin },
      ],
    },
  ];
}
