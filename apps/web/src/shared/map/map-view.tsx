import { Alert, Skeleton } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWindowWidth } from '../device/use-window-width.ts';
import { useUnitSystem } from '../format/use-units.ts';
import { BasemapNote, SatelliteToggle } from './basemap-controls.tsx';
import { MapContext } from './map-context.ts';
import { MapInfo } from './map-info.tsx';
import type { MapStart } from './map-engine.ts';
import { useBasemaps } from './map-style.tsx';
import classes from './map-view.module.css';
import { useBasemap, useBasemapChoice } from './use-basemap.ts';

export type { MapStart };

const loadEngine = () => import('./map-engine.ts');
/** Starts downloading MapLibre early (e.g. while a page waits for the data that places its map). */
export const preloadMapEngine = (): void => void loadEngine().catch(() => undefined);
const FILL = { position: 'absolute', inset: 0 } as const;
/** Below this window width the legend and the credits fold behind the map's "i" button. */
const FOLD_BELOW = 768;

interface MapViewProps {
  /** Accessible name of the map region. */
  label: string;
  /** Where the first frame looks (read once, when the map is created); Great Britain by default. */
  start?: MapStart;
  /** Overlays: components that render nothing and manage their own sources and layers. */
  children?: ReactNode;
  /** The map's legend (it places itself); on a phone it goes behind the "i" button with the credits. */
  legend?: ReactNode;
}

/**
 * The one owner of a MapLibre map. It loads MapLibre on demand, creates the map once with the
 * bundled basemap (drawn at once, offline too), renders its overlays when that has loaded, and then
 * lays the brand's street or satellite style under them; when that cannot load the bundled map
 * stays, with a note saying so.
 */
export function MapView({ label, start, children, legend }: MapViewProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const startRef = useRef(start);
  const system = useUnitSystem();
  const systemRef = useRef(system);
  const basemaps = useBasemaps();
  const config = basemaps.bundled;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const [choice, setChoice] = useBasemapChoice();
  const status = useBasemap(map, basemaps, choice);
  const fold = useWindowWidth() < FOLD_BELOW;

  // The scale bar follows the site's unit system (it can change while the map is open).
  useEffect(() => {
    if (map) void loadEngine().then(({ setScaleUnit }) => setScaleUnit(map, system));
  }, [map, system]);

  useEffect(() => {
    let closed = false;
    let instance: MapLibreMap | null = null;
    setFailed(false);
    loadEngine().then(
      ({ createMap }) => {
        if (closed || !container.current) return;
        try {
          instance = createMap(container.current, config, startRef.current, systemRef.current);
        } catch (error) {
          // No WebGL (old device, disabled GPU): the list still carries everything.
          console.warn('The map could not start:', error);
          setFailed(true);
          return;
        }
        const ready = instance;
        ready.once('load', () => {
          if (!closed) setMap(ready);
        });
        ready.on('error', (e) => console.warn('Map:', e.error?.message ?? e));
      },
      (error: unknown) => {
        console.warn('The map could not load:', error);
        if (!closed) setFailed(true);
      },
    );
    return () => {
      closed = true;
      setMap(null);
      // After the overlays' own clean-ups (which run after this one) have taken their layers off.
      const doomed = instance;
      queueMicrotask(() => doomed?.remove());
    };
  }, [config]);

  return (
    <div className={classes.frame} data-fold={fold || undefined} data-basemap={status.state === 'bundled' ? 'bundled' : `${status.choice}-${status.state}`}>
      {/* Inline position: MapLibre's own CSS (loaded later) makes its container position: relative. */}
      <div ref={container} className={classes.canvas} style={FILL} role="region" aria-label={label} />
      {!map && !failed && (
        <Skeleton className={classes.canvas} radius={0} role="status" aria-busy="true" aria-label={t('map.loading')} />
      )}
      {failed && (
        <div className={classes.cover}>
          <Alert color="gray" variant="white" icon={<IconMapOff aria-hidden />} title={t('map.failedTitle')} maw={420}>
            {t('map.failed')}
          </Alert>
        </div>
      )}
      {map && <MapContext value={map}>{children}</MapContext>}
      {map && <BasemapNote status={status} />}
      {map && basemaps.satellite && <SatelliteToggle choice={choice} onChoice={setChoice} />}
      {fold ? !failed && <MapInfo map={map} legend={legend} /> : legend}
    </div>
  );
}
