import { describe, expect, it } from 'vitest';
import { BASEMAP_COLOURS, bundledBasemapStyle, LAND_SOURCE } from './basemap.ts';

describe('bundled basemap', () => {
  const style = bundledBasemapStyle('Bundled low-detail basemap');

  it('names no external host (the CSP allows none), and needs no glyphs or sprite', () => {
    expect(JSON.stringify(style)).not.toMatch(/https?:|\/\//);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
  });

  it('draws water as the background and land from its own GeoJSON source', () => {
    expect(style.layers[0]).toMatchObject({ type: 'background', paint: { 'background-color': BASEMAP_COLOURS.water } });
    expect(style.sources[LAND_SOURCE]).toMatchObject({ type: 'geojson', attribution: 'Bundled low-detail basemap' });
    expect(style.layers.filter((l) => 'source' in l && l.source === LAND_SOURCE).map((l) => l.type)).toEqual([
      'fill',
      'line',
    ]);
  });
});
