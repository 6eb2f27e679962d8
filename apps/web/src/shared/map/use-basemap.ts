import { readSiteView } from '@fleet/shared';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { session } from '../session/session-store.ts';
import type { Basemaps } from './map-style.tsx';
import { addStreet, removeStreet } from './street-basemap.ts';
import { fetchStyle, prepareStreetStyle } from './street-style.ts';

/** How long a style may take to answer before the bundled map stays. */
export const STYLE_TIMEOUT_MS = 5000;

export type BasemapChoice = 'street' | 'satellite';
/** What the map shows: loading the chosen style (the bundled map meanwhile), it, or the bundled map after it failed. */
export type BasemapStatus = { state: 'bundled' } | { state: 'loading' | 'shown' | 'failed'; choice: BasemapChoice };

const KEY = 'basemap';
const listeners = new Set<() => void>();
/** The device's own choice; without one, the site's basemap (fleetconfig, issue 15), else the street map. */
const readChoice = (): BasemapChoice => {
  let own: string | null = null;
  try {
    own = localStorage.getItem(KEY);
  } catch {
    // Private mode: no choice kept.
  }
  if (own === 'satellite' || own === 'street') return own;
  return readSiteView(session.get().user?.sitesettings)?.basemap === 'satellite' ? 'satellite' : 'street';
};

/** The user's choice of street or satellite map, kept on this device; the site's until they choose. */
export function useBasemapChoice(): [BasemapChoice, (choice: BasemapChoice) => void] {
  const choice = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      const stop = session.subscribe(l);
      return () => {
        listeners.delete(l);
        stop();
      };
    },
    readChoice,
    () => 'street' as const,
  );
  const set = (next: BasemapChoice) => {
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    for (const l of listeners) l();
  };
  return [choice, set];
}

/**
 * Lays the brand's street (or satellite) style under the overlays of a loaded map, which shows the
 * bundled basemap until then. A style that does not answer, is not a style, or whose tiles do not
 * come leaves the bundled map in place and says so (status 'failed').
 */
export function useBasemap(map: MapLibreMap | null, basemaps: Basemaps, choice: BasemapChoice): BasemapStatus {
  const wanted = choice === 'satellite' && basemaps.satellite ? 'satellite' : 'street';
  const url = wanted === 'satellite' ? basemaps.satellite : basemaps.street;
  const [status, setStatus] = useState<BasemapStatus>({ state: 'bundled' });

  useEffect(() => {
    if (!map || !url) {
      setStatus({ state: 'bundled' });
      return;
    }
    const aborter = new AbortController();
    let stopWaiting = () => {};
    const fail = (why: string) => {
      if (aborter.signal.aborted) return;
      console.warn(`The ${wanted} map could not be loaded (${url}): ${why}. The bundled map is shown.`);
      removeStreet(map);
      setStatus({ state: 'failed', choice: wanted });
    };
    setStatus({ state: 'loading', choice: wanted });
    fetchStyle(url, STYLE_TIMEOUT_MS, aborter.signal).then(
      (style) => {
        if (aborter.signal.aborted) return;
        try {
          stopWaiting = addStreet(map, prepareStreetStyle(style, url), {
            shown: () => setStatus({ state: 'shown', choice: wanted }),
            failed: fail,
          });
        } catch (error) {
          fail(`the style could not be drawn (${error instanceof Error ? error.message : String(error)})`);
        }
      },
      (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      aborter.abort();
      stopWaiting();
    };
  }, [map, url, wanted]);

  return status;
}
