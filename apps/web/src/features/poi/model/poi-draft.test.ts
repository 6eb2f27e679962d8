import { savePoiBodySchema } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { clickDraft, draftBody, draftOf, draftPreview, draftProblems, finishPolygon, newDraft, poiBody } from './poi-draft.ts';
import type { Poi } from './poi-shapes.ts';

const at = (lat: number, lon: number) => ({ lat, lon });
const triangle = () =>
  [at(53.7, -1.6), at(53.7, -1.5), at(53.8, -1.5)].reduce(clickDraft, { ...newDraft(2), name: 'Yard' });

describe('drawing a circle', () => {
  it('places (and moves) the centre with each click', () => {
    const d = clickDraft(clickDraft(newDraft(1), at(53, -1)), at(54, -2));
    expect(d.centre).toEqual(at(54, -2));
  });
  it('needs a name, a centre and a radius of 10 m to 50 km', () => {
    expect(draftProblems(newDraft(1))).toEqual(['name', 'centre']);
    const d = { ...clickDraft(newDraft(1), at(53, -1)), name: 'Depot' };
    expect(draftProblems({ ...d, radius: 9 })).toEqual(['radius']);
    expect(draftProblems({ ...d, radius: 50_001 })).toEqual(['radius']);
    expect(draftProblems({ ...d, radius: Number.NaN })).toEqual(['radius']);
    expect(draftProblems({ ...d, radius: 10 })).toEqual([]);
  });
  it("saves the centre as 'lat,lon' and the radius in whole metres, accepted by the server schema", () => {
    const body = draftBody({ ...clickDraft(newDraft(1), at(53.8, -1.55)), name: ' Depot ', radius: 250.4, geofence: true });
    expect(body).toEqual({ name: 'Depot', mode: 1, gp: '53.8,-1.55', radius: 250, showonmap: true });
    expect(savePoiBodySchema.safeParse(body).success).toBe(true);
  });
  it('previews a ring once it has a centre', () => {
    expect(draftPreview(newDraft(1)).ring).toBeNull();
    expect(draftPreview(clickDraft(newDraft(1), at(53, -1))).ring).toHaveLength(65);
  });
});

describe('drawing a polygon', () => {
  it('adds clicks as x = lon, y = lat vertices, ignoring the repeat click of a double-click', () => {
    const d = clickDraft(triangle(), at(53.8, -1.5));
    expect(d.points).toEqual([{ x: -1.6, y: 53.7 }, { x: -1.5, y: 53.7 }, { x: -1.5, y: 53.8 }]);
  });
  it('finishes only with three points, and then takes no more clicks', () => {
    const two = [at(1, 1), at(2, 2)].reduce(clickDraft, newDraft(2));
    expect(finishPolygon(two).closed).toBe(false);
    const done = finishPolygon(triangle());
    expect(done.closed).toBe(true);
    expect(clickDraft(done, at(0, 0)).points).toHaveLength(3);
  });
  it('reports too few points, then an unfinished outline, then nothing', () => {
    expect(draftProblems({ ...newDraft(2), name: 'x' })).toEqual(['points']);
    expect(draftProblems(triangle())).toEqual(['open']);
    expect(draftProblems(finishPolygon(triangle()))).toEqual([]);
  });
  it('saves geo.points, accepted by the server schema', () => {
    const body = draftBody(finishPolygon(triangle()));
    expect(body).toMatchObject({ mode: 2, geo: { points: [{ x: -1.6, y: 53.7 }, {}, {}] } });
    expect(savePoiBodySchema.safeParse(body).success).toBe(true);
  });
  it('previews an open line while drawing and a filled ring once finished', () => {
    expect(draftPreview(triangle())).toMatchObject({ ring: null, line: [[-1.6, 53.7], [-1.5, 53.7], [-1.5, 53.8]] });
    expect(draftPreview(finishPolygon(triangle()))).toMatchObject({ line: [], ring: expect.any(Array) });
  });
});

describe('editing a saved place', () => {
  const saved: Poi = { id: 7, name: 'Depot', mode: 1, gp: '53.8,-1.55', radius: 300, geo: null, showonmap: false, geofence: true };
  it('starts from its fields and its geofence flag from the list answer, and saves under its id', () => {
    const d = draftOf(saved);
    expect(d).toMatchObject({ id: 7, centre: at(53.8, -1.55), radius: 300, geofence: true, showonmap: false });
    expect(draftBody({ ...d, radius: 400 })).toMatchObject({ id: 7, radius: 400, showonmap: false });
  });
  it('toggles showonmap keeping every other field', () => {
    expect(poiBody(saved, true)).toEqual({ id: 7, name: 'Depot', mode: 1, gp: '53.8,-1.55', radius: 300, showonmap: true });
    const poly: Poi = { ...saved, mode: 2, gp: null, radius: null, geo: { points: [{ x: 1, y: 1 }] } };
    expect(poiBody(poly, false)).toEqual({ id: 7, name: 'Depot', mode: 2, geo: { points: [{ x: 1, y: 1 }] }, showonmap: false });
  });
});
