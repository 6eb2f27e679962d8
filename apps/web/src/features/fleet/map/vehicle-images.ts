import type { Map as MapLibreMap } from 'maplibre-gl';
import { renderDrawing, renderLabel } from '../../../shared/vehicles/drawing-canvas.ts';
import { mapImageFor } from './map-images.ts';

const installed = new WeakSet<MapLibreMap>();

/**
 * Draws our images (markers, headings, clusters, labels) the first time a layer asks for one;
 * once per map. MapLibre waits for this resolver before it lays out the symbols that need them.
 */
export function installVehicleImages(map: MapLibreMap): void {
  if (installed.has(map)) return;
  installed.add(map);
  // Sharp on high-density screens without drawing 4x images on ordinary ones.
  const ratio = Math.min(3, Math.max(2, Math.ceil(window.devicePixelRatio || 1)));
  map.setMissingStyleImageResolver((id) => {
    if (map.hasImage(id)) return;
    const image = mapImageFor(id);
    if (!image) return;
    const pixels = image.kind === 'drawing' ? renderDrawing(image.drawing, ratio) : renderLabel(image.text, ratio);
    map.addImage(id, pixels, { pixelRatio: ratio });
  });
}
