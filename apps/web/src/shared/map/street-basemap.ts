import type { ErrorEvent, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { BUNDLED_LAYERS } from './basemap.ts';
import { STREET_PREFIX, type StreetStyle } from './street-style.ts';

/** How long a street map may take to show its first tile before the bundled map stays instead. */
export const TILE_TIMEOUT_MS = 8000;
/** Tile errors (before any tile arrived) that give the street map up at once. */
const ERRORS_TO_GIVE_UP = 3;

const isStreet = (id: string | undefined) => id?.startsWith(STREET_PREFIX) === true;

function setVisible(map: MapLibreMap, ids: readonly string[], visible: boolean): void {
  for (const id of ids) if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
}

/** Takes every street layer, source, sprite and the glyphs off, and shows the bundled map again. */
export function removeStreet(map: MapLibreMap): void {
  try {
    for (const layer of map.getStyle().layers) if (isStreet(layer.id)) map.removeLayer(layer.id);
    for (const id of Object.keys(map.getStyle().sources)) if (isStreet(id)) map.removeSource(id);
    for (const sprite of map.getSprite()) map.removeSprite(sprite.id);
    map.setGlyphs(null);
    setVisible(map, BUNDLED_LAYERS, true);
  } catch {
    // The map was closed: nothing left to clean.
  }
}

/**
 * Lays a street (or satellite) style under the overlays, keeping the bundled map visible until its
 * first tile has arrived; then hides the bundled map. Calls `failed` when the tiles do not come
 * (TILE_TIMEOUT_MS while the map is on screen) or keep failing; the caller then removes it again.
 * Answers a function that stops waiting.
 */
export function addStreet(
  map: MapLibreMap,
  style: StreetStyle,
  done: { shown(): void; failed(why: string): void },
): () => void {
  removeStreet(map);
  const before = map.getStyle().layers.find((l) => !l.id.startsWith('basemap-'))?.id;
  // A background would hide the bundled map before a single street tile is there.
  const backgrounds = style.layers.filter((l) => l.type === 'background' && l.layout?.visibility !== 'none').map((l) => l.id);
  if (style.glyphs) map.setGlyphs(style.glyphs);
  for (const sprite of style.sprites) map.addSprite(sprite.id, sprite.url);
  for (const [id, source] of Object.entries(style.sources)) map.addSource(id, source);
  for (const layer of style.layers) map.addLayer(layer, before);
  setVisible(map, backgrounds, false);

  const tiled = Object.values(style.sources).some((s) => s.type !== 'geojson' && s.type !== 'image' && s.type !== 'video');
  let settled = false;
  let errors = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    settled = true;
    clearTimeout(timer);
    map.off('sourcedata', onData);
    map.off('error', onError);
  };
  const show = () => {
    if (settled) return;
    stop();
    setVisible(map, backgrounds, true);
    setVisible(map, BUNDLED_LAYERS, false);
    done.shown();
  };
  const fail = (why: string) => {
    if (settled) return;
    stop();
    done.failed(why);
  };
  function onData(e: MapSourceDataEvent) {
    if (isStreet(e.sourceId) && e.tile) show();
  }
  function onError(e: ErrorEvent & { sourceId?: string }) {
    if (!isStreet(e.sourceId)) return;
    errors += 1;
    if (errors >= ERRORS_TO_GIVE_UP) fail(`its tiles failed (${e.error.message})`);
  }
  // A hidden map (the list pane on a phone) loads no tiles: the clock runs only while it is seen.
  const arm = () => {
    timer = setTimeout(() => {
      const canvas = map.getCanvas();
      if (canvas.clientWidth === 0 || canvas.clientHeight === 0) arm();
      else fail(`no tile in ${TILE_TIMEOUT_MS / 1000} s`);
    }, TILE_TIMEOUT_MS);
  };
  map.on('sourcedata', onData);
  map.on('error', onError);
  if (tiled) arm();
  else queueMicrotask(show);
  return stop;
}
