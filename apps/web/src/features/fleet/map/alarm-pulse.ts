import type { Map as MapLibreMap } from 'maplibre-gl';
import classes from './alarm-pulse.module.css';
import { prefersReducedMotion } from './motion.ts';
import type { VehicleFeature } from './vehicle-features.ts';

/** More pulsing rings than this would be noise, not a signal; the steady red ring stays on every alarm. */
const MAX_PULSES = 40;
/** Half the side of the box a marker is looked for in, around its own position. */
const PROBE_PX = 2;

/**
 * The pulse around alarmed vehicles: a CSS-animated ring over each alarmed vehicle drawn as its own
 * marker (not clustered) in view. The map itself never repaints for it, so an idle fleet page draws
 * nothing between updates. Rings are placed when the map settles ('idle') and hidden while it
 * moves (the steady ring drawn by the map stays on), so panning costs no extra work per frame. No
 * pulse when the user asks for reduced motion.
 */
export function createAlarmPulse(map: MapLibreMap, markersLayer: string) {
  const layer = document.createElement('div');
  layer.className = classes.pulses ?? '';
  layer.setAttribute('aria-hidden', 'true');
  map.getCanvasContainer().appendChild(layer);
  const rings = new Map<number, HTMLElement>();
  let alarmed: readonly VehicleFeature[] = [];

  const drop = (id: number) => {
    rings.get(id)?.remove();
    rings.delete(id);
  };
  const place = () => {
    const shown = new Set<number>();
    if (!prefersReducedMotion()) {
      const { clientWidth: width, clientHeight: height } = map.getCanvas();
      for (const f of alarmed) {
        if (shown.size >= MAX_PULSES) break;
        const { x, y } = map.project(f.geometry.coordinates as [number, number]);
        if (x < 0 || y < 0 || x > width || y > height) continue;
        const id = f.properties.unitid;
        const box: [[number, number], [number, number]] = [
          [x - PROBE_PX, y - PROBE_PX],
          [x + PROBE_PX, y + PROBE_PX],
        ];
        // Drawn as itself, not inside a cluster.
        if (map.queryRenderedFeatures(box, { layers: [markersLayer], filter: ['==', ['get', 'unitid'], id] }).length === 0) continue;
        let ring = rings.get(id);
        if (!ring) {
          ring = document.createElement('div');
          ring.className = classes.ring ?? '';
          ring.dataset.alarmPulse = String(id);
          layer.appendChild(ring);
          rings.set(id, ring);
        }
        ring.style.left = `${x}px`;
        ring.style.top = `${y}px`;
        shown.add(id);
      }
    }
    for (const id of [...rings.keys()]) if (!shown.has(id)) drop(id);
    layer.hidden = false;
  };
  const hide = () => {
    layer.hidden = true;
  };
  map.on('idle', place);
  map.on('movestart', hide);

  return {
    /** The alarmed vehicles now shown (their rings follow at the map's next 'idle'). */
    set(features: readonly VehicleFeature[]) {
      alarmed = features;
      if (features.length === 0) for (const id of [...rings.keys()]) drop(id);
    },
    stop() {
      map.off('idle', place);
      map.off('movestart', hide);
      layer.remove();
      rings.clear();
    },
  };
}
