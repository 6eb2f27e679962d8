import type { Map as MapLibreMap } from 'maplibre-gl';
import { addImageDrawer } from '../../../shared/map/map-images.ts';
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
  addImageDrawer(map, (id, ratio) => {
    const image = mapImageFor(id);
    if (!image) return null;
    return image.kind === 'drawing' ? renderDrawing(image.drawing, ratio) : renderLabel(image.text, ratio);
  });
}
