import type { Map as MapLibreMap } from 'maplibre-gl';
import type { RenderedImage } from '../vehicles/drawing-canvas.ts';

/** Draws the image an id names at `pixelRatio`, or answers null when the id is not its own. */
export type ImageDrawer = (id: string, pixelRatio: number) => RenderedImage | null;

const drawersOf = new WeakMap<MapLibreMap, Set<ImageDrawer>>();

/**
 * Lets an overlay draw its images the first time a layer asks for one. MapLibre takes a single
 * missing-image resolver per map, so every overlay's drawer goes through this one; the first
 * drawer that knows an id draws it. Returns a function that takes the drawer off again.
 */
export function addImageDrawer(map: MapLibreMap, drawer: ImageDrawer): () => void {
  let drawers = drawersOf.get(map);
  if (!drawers) {
    const own = new Set<ImageDrawer>();
    drawers = own;
    drawersOf.set(map, own);
    // Sharp on high-density screens without drawing 4x images on ordinary ones.
    const ratio = Math.min(3, Math.max(2, Math.ceil(window.devicePixelRatio || 1)));
    map.setMissingStyleImageResolver((id) => {
      if (map.hasImage(id)) return;
      for (const draw of own) {
        const pixels = draw(id, ratio);
        if (pixels) {
          map.addImage(id, pixels, { pixelRatio: ratio });
          return;
        }
      }
    });
  }
  drawers.add(drawer);
  const set = drawers;
  return () => {
    set.delete(drawer);
  };
}
