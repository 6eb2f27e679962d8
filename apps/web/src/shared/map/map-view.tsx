import { Alert, Skeleton } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContext } from './map-context.ts';
import { useMapStyle } from './map-style.tsx';
import classes from './map-view.module.css';

const loadEngine = () => import('./map-engine.ts');
const FILL = { position: 'absolute', inset: 0 } as const;

interface MapViewProps {
  /** Accessible name of the map region. */
  label: string;
  /** Overlays: components that render nothing and manage their own sources and layers. */
  children?: ReactNode;
}

/**
 * The one owner of a MapLibre map. It loads MapLibre on demand, creates the map once per basemap,
 * and renders its overlays only when the style has loaded, so each can add its source at once.
 */
export function MapView({ label, children }: MapViewProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const config = useMapStyle();
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let closed = false;
    let instance: MapLibreMap | null = null;
    setFailed(false);
    loadEngine().then(
      ({ createMap }) => {
        if (closed || !container.current) return;
        try {
          instance = createMap(container.current, config);
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
    <div className={classes.frame}>
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
    </div>
  );
}
