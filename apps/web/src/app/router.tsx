import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../shared/routing/navigation.ts';
import { buildRoutes } from './routes.tsx';

export const router = createBrowserRouter(buildRoutes());

// The api client's token-error handling and sign-out navigate through the same router.
setNavigator((to, options) => router.navigate(to, options));
