/** From this many vehicles the map redraws them at most once a second. */
export const LARGE_FLEET = 500;

/**
 * How long the map waits between redraws of the vehicles. Each redraw re-cuts and re-uploads the
 * vehicle tiles, so a large fleet is redrawn once a second (devices report about that often) rather
 * than at every list update (four a second); a small fleet at once.
 */
export function redrawEveryMs(vehicleCount: number): number {
  return vehicleCount >= LARGE_FLEET ? 1000 : 0;
}
