import type { VehicleIconName, VehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../shared/map/map-context.ts';
import { DrawingSvg } from '../../../shared/vehicles/drawing-svg.tsx';
import { HEADING_SIZE, headingArrow, MARKER_SIZE, vehicleMarker } from '../../../shared/vehicles/vehicle-look.ts';
import type { ReplayClock } from './replay-clock.ts';
import { positionAt, type ReplayTrack } from './replay-track.ts';
import classes from './replay.module.css';

/** Below this speed (km/h) the vehicle is standing: no heading arrow, idling or stopped by its ignition. */
const MOVING_KMH = 3;
const STATES = ['driving', 'idling', 'stopped'] as const satisfies readonly VehicleIconState[];

/**
 * The vehicle at the clock's moment, with its heading. One HTML element over the map moved by a CSS
 * transform: scrubbing never touches a map source, so the map does not repaint while the slider
 * moves (docs/decisions.md, issue 12). Its three looks are drawn once and swapped by an attribute.
 */
export function ReplayVehicleMarker({ track, clock, icon }: { track: ReplayTrack; clock: ReplayClock; icon: VehicleIconName }) {
  const map = useMap();
  const box = useRef<HTMLDivElement>(null);
  const arrow = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const place = () => {
      const at = positionAt(track, clock.get());
      if (!at) {
        el.hidden = true;
        return;
      }
      el.hidden = false;
      const p = map.project([at.lon, at.lat]);
      el.style.transform = `translate(${p.x}px, ${p.y}px)`;
      const moving = at.speed >= MOVING_KMH;
      const state: VehicleIconState = moving ? 'driving' : track.ign[at.index] === 1 ? 'idling' : 'stopped';
      if (el.dataset.state !== state) el.dataset.state = state;
      // Where the vehicle is, for the browser test to compare with the map's own projection.
      el.dataset.lat = at.lat.toFixed(6);
      el.dataset.lon = at.lon.toFixed(6);
      if (arrow.current) arrow.current.style.transform = `rotate(${at.angle}deg)`;
    };
    place();
    const off = clock.subscribe(place);
    map.on('move', place);
    map.on('resize', place);
    return () => {
      off();
      map.off('move', place);
      map.off('resize', place);
    };
  }, [map, track, clock]);

  return (
    <div ref={box} className={classes.vehicle} data-replay-vehicle hidden>
      <div ref={arrow} className={classes.heading} style={{ width: HEADING_SIZE, height: HEADING_SIZE }}>
        <DrawingSvg drawing={headingArrow('driving')} size={HEADING_SIZE} />
      </div>
      {STATES.map((s) => (
        <div key={s} className={classes.look} data-look={s} style={{ width: MARKER_SIZE, height: MARKER_SIZE }}>
          <DrawingSvg drawing={vehicleMarker(icon, null, s)} size={MARKER_SIZE} />
        </div>
      ))}
    </div>
  );
}
