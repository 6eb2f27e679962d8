import type { PageKey } from '@fleet/shared';
import { useMatches } from 'react-router';

/** What the router attaches to every page route; pages read it instead of parsing the URL again. */
export interface RouteHandle {
  page: PageKey;
  resetMode?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'page' in value;
}

/** The handle of the deepest matched page route. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
