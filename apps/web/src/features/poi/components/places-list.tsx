import type { UnitSystem } from '@fleet/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Poi } from '../model/poi-shapes.ts';
import classes from './poi.module.css';
import { PoiRow, type PoiRowActions } from './poi-row.tsx';

/** From this many places the list renders only the rows near the view (a site may hold thousands). */
export const VIRTUAL_FROM = 150;
/** A row's height before it is measured (name and a badge line). */
const ROW_ESTIMATE_PX = 53;

interface PlacesListProps extends PoiRowActions {
  places: readonly Poi[];
  busyId: number | undefined;
  system: UnitSystem;
}

/** The places in name order; each row flies the map there, toggles showonmap, edits or deletes. */
export function PlacesList(props: PlacesListProps) {
  return props.places.length >= VIRTUAL_FROM ? <VirtualPlacesList {...props} /> : <WholePlacesList {...props} />;
}

function WholePlacesList({ places, busyId, system, ...actions }: PlacesListProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.list} aria-label={t('poi.listLabel')}>
      {places.map((poi) => (
        <PoiRow key={poi.id} poi={poi} busy={busyId === poi.id} system={system} {...actions} />
      ))}
    </ul>
  );
}

function VirtualPlacesList({ places, busyId, system, ...actions }: PlacesListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: places.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (i) => places[i]?.id ?? i,
    overscan: 8,
  });
  return (
    <div ref={scroller} className={classes.list}>
      <ul className={classes.virtual} style={{ height: virtualizer.getTotalSize() }} aria-label={t('poi.listLabel')}>
        {virtualizer.getVirtualItems().map((item) => {
          const poi = places[item.index];
          if (!poi) return null;
          return (
            <PoiRow
              key={poi.id}
              poi={poi}
              busy={busyId === poi.id}
              system={system}
              {...actions}
              placed={{ index: item.index, of: places.length, top: item.start, measure: virtualizer.measureElement }}
            />
          );
        })}
      </ul>
    </div>
  );
}
