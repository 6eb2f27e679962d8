import { haversineKm, savePoiBodySchema } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { draftBody, draftOf, newDraft, type PoiDraft } from './poi-draft.ts';
import {
  canRemoveVertex, cornerToRemove, draftHandles, dragHandle, handleNear, insertVertex, moveVertex, radiusThrough, removeVertex,
  selectVertex,
} from './poi-handles.ts';
import type { Poi } from './poi-shapes.ts';

const at = (lat: number, lon: number) => ({ lat, lon });
const square: Poi = {
  id: 4, name: 'Yard', mode: 2, gp: null, radius: null, showonmap: true, geofence: true,
  geo: { points: [{ x: -1.6, y: 53.7 }, { x: -1.5, y: 53.7 }, { x: -1.5, y: 53.8 }, { x: -1.6, y: 53.8 }] },
};
const yard = (): PoiDraft => draftOf(square);
const triangle = (): PoiDraft => ({ ...yard(), points: yard().points.slice(0, 3) });

describe('polygon handles', () => {
  it('has a handle on every corner and on the middle of every edge, the closing edge too', () => {
    const handles = draftHandles(yard());
    expect(handles.filter((h) => h.kind === 'vertex').map((h) => h.at)).toEqual([[-1.6, 53.7], [-1.5, 53.7], [-1.5, 53.8], [-1.6, 53.8]]);
    const mids = handles.filter((h) => h.kind === 'midpoint');
    expect(mids.map((h) => h.index)).toEqual([0, 1, 2, 3]);
    expect(mids[3]?.at[0]).toBeCloseTo(-1.6);
    expect(mids[3]?.at[1]).toBeCloseTo(53.75);
  });
  it('draws corners over midpoints, and gives an outline still being drawn no midpoints (clicks there add corners)', () => {
    const kinds = draftHandles(yard()).map((h) => h.kind);
    expect(kinds.lastIndexOf('midpoint')).toBeLessThan(kinds.indexOf('vertex'));
    const open = { ...yard(), closed: false };
    expect(draftHandles(open).map((h) => h.kind)).toEqual(['vertex', 'vertex', 'vertex', 'vertex']);
  });
});

describe('which handle a press catches', () => {
  // 1 degree = 1000 px, north up: enough to place handles on a test screen.
  const screen = (at: [number, number]) => ({ x: (at[0] + 1.6) * 1000, y: (53.8 - at[1]) * 1000 });
  it('catches the nearest corner within reach, and nothing out of reach', () => {
    const handles = draftHandles(yard());
    expect(handleNear(handles, screen, { x: 102, y: 96 }, 16)).toMatchObject({ kind: 'vertex', index: 1 });
    expect(handleNear(handles, screen, { x: 50, y: 40 }, 16)).toBeNull();
  });
  it('prefers a corner to a midpoint in reach of both', () => {
    const tiny = { ...yard(), points: [{ x: -1.6, y: 53.7 }, { x: -1.59, y: 53.7 }, { x: -1.59, y: 53.71 }] };
    expect(handleNear(draftHandles(tiny), screen, { x: 4, y: 100 }, 16)).toMatchObject({ kind: 'vertex', index: 0 });
    expect(handleNear(draftHandles(yard()), screen, { x: 50, y: 100 }, 16)).toMatchObject({ kind: 'midpoint', index: 0 });
  });
  it('numbers corners from the draft as it is now, so a press right after a removal finds the right one', () => {
    const fewer = removeVertex(dragHandle(yard(), { kind: 'midpoint', index: 0 }, at(53.7, -1.55)), 1);
    expect(handleNear(draftHandles(fewer), screen, { x: 100, y: 100 }, 16)).toMatchObject({ kind: 'vertex', index: 1 });
  });
});

describe('moving, adding and removing corners', () => {
  it('moves one corner, keeping the others and the order', () => {
    const moved = moveVertex(yard(), 2, at(53.9, -1.45));
    expect(moved.points).toEqual([{ x: -1.6, y: 53.7 }, { x: -1.5, y: 53.7 }, { x: -1.45, y: 53.9 }, { x: -1.6, y: 53.8 }]);
    expect(moveVertex(yard(), 9, at(0, 0))).toEqual(yard());
  });
  it('adds a corner after the edge start when its midpoint is dragged, and selects it', () => {
    const d = dragHandle(yard(), { kind: 'midpoint', index: 3 }, at(53.75, -1.7));
    expect(d.points).toHaveLength(5);
    expect(d.points[4]).toEqual({ x: -1.7, y: 53.75 });
    expect(d.selected).toBe(4);
    expect(insertVertex(yard(), 0, at(53.69, -1.55)).points[1]).toEqual({ x: -1.55, y: 53.69 });
  });
  it('removes a corner but never leaves a closed outline with fewer than three', () => {
    const d = removeVertex(selectVertex(yard(), 1), 1);
    expect(d.points).toEqual([{ x: -1.6, y: 53.7 }, { x: -1.5, y: 53.8 }, { x: -1.6, y: 53.8 }]);
    expect(d.selected).toBeNull();
    expect(canRemoveVertex(d)).toBe(false);
    expect(removeVertex(d, 0)).toBe(d);
    expect(removeVertex(triangle(), 0)).toEqual(triangle());
  });
  it('lets any corner go while the outline is still being drawn', () => {
    const drawing = { ...newDraft(2), points: [{ x: 1, y: 1 }, { x: 2, y: 2 }] };
    expect(removeVertex(drawing, 1).points).toEqual([{ x: 1, y: 1 }]);
  });
  it('removes the selected corner, else the last one while drawing, else none', () => {
    expect(cornerToRemove(selectVertex(yard(), 2))).toBe(2);
    expect(cornerToRemove(yard())).toBeNull();
    expect(cornerToRemove({ ...yard(), closed: false })).toBe(3);
    expect(cornerToRemove(selectVertex(triangle(), 0))).toBeNull();
  });
  it('selects only corners that exist', () => {
    expect(selectVertex(yard(), 3).selected).toBe(3);
    expect(selectVertex(yard(), 4).selected).toBeNull();
    expect(selectVertex(selectVertex(yard(), 3), null).selected).toBeNull();
  });
  it('saves the edited outline as geo.points the server accepts', () => {
    const edited = dragHandle(moveVertex(yard(), 0, at(53.65, -1.65)), { kind: 'midpoint', index: 1 }, at(53.75, -1.4));
    const body = draftBody(edited);
    expect(body).toMatchObject({ id: 4, mode: 2, geo: { points: [{ x: -1.65, y: 53.65 }, {}, { x: -1.4, y: 53.75 }, {}, {}] } });
    expect(savePoiBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('circle handles', () => {
  const depot = (): PoiDraft => ({ ...newDraft(1), name: 'Depot', centre: at(53.8, -1.55), radius: 300 });
  it('has none before the centre is placed, then the centre and a rim handle due east at the radius', () => {
    expect(draftHandles(newDraft(1))).toEqual([]);
    const [centre, rim] = draftHandles(depot());
    expect(centre).toEqual({ kind: 'centre', index: 0, at: [-1.55, 53.8] });
    expect(rim?.kind).toBe('radius');
    const [lon, lat] = rim?.at ?? [0, 0];
    expect(lat).toBeCloseTo(53.8, 6);
    expect(lon).toBeGreaterThan(-1.55);
    expect(haversineKm(53.8, -1.55, lat, lon) * 1000).toBeCloseTo(300, 3);
  });
  it('moves the centre keeping the radius', () => {
    expect(dragHandle(depot(), { kind: 'centre', index: 0 }, at(53.81, -1.56))).toMatchObject({ centre: at(53.81, -1.56), radius: 300 });
  });
  it('sets the radius through the dragged rim point, in whole metres from 10 m to 50 km', () => {
    const d = dragHandle(depot(), { kind: 'radius', index: 0 }, at(53.8, -1.53));
    expect(d.radius).toBe(Math.round(haversineKm(53.8, -1.55, 53.8, -1.53) * 1000));
    expect(radiusThrough(at(53.8, -1.55), at(53.8, -1.55))).toBe(10);
    expect(radiusThrough(at(53.8, -1.55), at(54.8, -1.55))).toBe(50_000);
  });
  it('ignores polygon moves on a circle and circle moves on a polygon', () => {
    expect(moveVertex(depot(), 0, at(0, 0))).toEqual(depot());
    expect(dragHandle(yard(), { kind: 'centre', index: 0 }, at(0, 0))).toEqual(yard());
  });
});
