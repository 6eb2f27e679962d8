import type { Map as MapLibreMap } from 'maplibre-gl';
import { MARKER_SIZE } from '../../../shared/vehicles/vehicle-look.ts';
import { prefersReducedMotion } from './motion.ts';

const PERIOD_MS = 1400;
const FRAME_MS = 50;
const BASE = MARKER_SIZE / 2;

/** The red ring around alarmed vehicles, pulsing only while one is shown (steady if motion is reduced). */
export function createAlarmPulse(map: MapLibreMap, layerId: string) {
  let frame: number | null = null;
  let last = 0;
  const step = (time: number) => {
    frame = requestAnimationFrame(step);
    if (time - last < FRAME_MS) return;
    last = time;
    const t = (time % PERIOD_MS) / PERIOD_MS;
    map.setPaintProperty(layerId, 'circle-radius', BASE + 14 * t);
    map.setPaintProperty(layerId, 'circle-opacity', 0.45 * (1 - t));
    map.setPaintProperty(layerId, 'circle-stroke-opacity', 0.8 * (1 - t));
  };
  const stop = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
  };
  return {
    /** Starts or stops the pulse as alarms come and go. */
    set(active: boolean) {
      if (!active || prefersReducedMotion()) return stop();
      if (frame === null) frame = requestAnimationFrame(step);
    },
    stop,
  };
}
