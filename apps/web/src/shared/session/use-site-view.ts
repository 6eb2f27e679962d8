import { readSiteView, type SiteView } from '@fleet/shared';
import { useMemo } from 'react';
import { useSessionUser } from './session-store.ts';

/** The current site's settings everyone reads (issue 15: fleetconfig), or null when the session has none that read. */
export function useSiteView(): SiteView | null {
  const raw = useSessionUser()?.sitesettings;
  return useMemo(() => readSiteView(raw), [raw]);
}
