import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { prepareStreetStyle, STREET_PREFIX, styleProblem } from './street-style.ts';

describe('a street style made ready for the map', () => {
  const style: StyleSpecification = {
    version: 8,
    sources: {
      omt: { type: 'vector', url: '/planet' },
      shade: { type: 'raster', tiles: ['shade/{z}/{x}/{y}.png', 'https://b.example.com/{z}/{x}/{y}.png'], tileSize: 256 },
    },
    sprite: 'sprites/ofm',
    glyphs: '/fonts/{fontstack}/{range}.pbf',
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
      { id: 'roads', type: 'line', source: 'omt', 'source-layer': 'transportation' },
    ],
  };
  const ready = prepareStreetStyle(style, 'https://tiles.example.com/styles/liberty');

  it('prefixes every source and layer, so overlays sit above and no id meets theirs', () => {
    expect(Object.keys(ready.sources)).toEqual([`${STREET_PREFIX}omt`, `${STREET_PREFIX}shade`]);
    expect(ready.layers.map((l) => l.id)).toEqual([`${STREET_PREFIX}background`, `${STREET_PREFIX}roads`]);
    expect(ready.layers[1]).toMatchObject({ source: `${STREET_PREFIX}omt`, 'source-layer': 'transportation' });
  });

  it("resolves relative addresses against the style's own, keeping tile and glyph templates", () => {
    expect(ready.sources[`${STREET_PREFIX}omt`]).toMatchObject({ url: 'https://tiles.example.com/planet' });
    expect(ready.sources[`${STREET_PREFIX}shade`]).toMatchObject({
      tiles: ['https://tiles.example.com/styles/shade/{z}/{x}/{y}.png', 'https://b.example.com/{z}/{x}/{y}.png'],
    });
    expect(ready.glyphs).toBe('https://tiles.example.com/fonts/{fontstack}/{range}.pbf');
    expect(ready.sprites).toEqual([{ id: 'default', url: 'https://tiles.example.com/styles/sprites/ofm' }]);
  });

  it('refuses what is not a MapLibre style', () => {
    expect(styleProblem(style)).toBeNull();
    expect(styleProblem('<html>')).toBe('the answer is not a style');
    expect(styleProblem({ version: 7, sources: {}, layers: [{}] })).toBe('not a MapLibre style (version 8)');
    expect(styleProblem({ version: 8, layers: [{}] })).toBe('the style has no sources');
    expect(styleProblem({ version: 8, sources: {}, layers: [] })).toBe('the style has no layers');
  });
});
