import { haversineKm, type LatLon, type XY } from '@fleet/shared';
import { MAX_POINTS, MIN_POINTS, type PoiDraft, RADIUS_LIMITS } from './poi-draft.ts';
import { destination } from './poi-shapes.ts';

/**
 * What can be dragged on the map while a place is drawn or edited: a polygon's corners, the
 * midpoints of its edges (dragging one adds a corner there), a circle's centre and a point on its
 * rim that sets the radius. `index` is the corner, or for a midpoint the corner the edge starts at.
 */
export type HandleKind = 'vertex' | 'midpoint' | 'centre' | 'radius';
export interface Handle {
  kind: HandleKind;
  index: number;
  /** [lon, lat] */
  at: [number, number];
}

/** The radius handle sits due east of the centre, on the rim. */
const RADIUS_BEARING = 90;

const xy = (at: LatLon): XY => ({ x: at.lon, y: at.lat });

/** The handles of a draft, in drawing order (midpoints first, so corners are drawn over them). */
export function draftHandles(draft: PoiDraft): Handle[] {
  if (draft.mode === 1) {
    const c = draft.centre;
    if (!c) return [];
    const handles: Handle[] = [{ kind: 'centre', index: 0, at: [c.lon, c.lat] }];
    if (Number.isFinite(draft.radius) && draft.radius > 0) {
      handles.push({ kind: 'radius', index: 0, at: destination(c, draft.radius, RADIUS_BEARING) });
    }
    return handles;
  }
  const { points } = draft;
  const midpoints: Handle[] = [];
  // Only on a closed outline: while drawing, a click near a midpoint must still add a corner.
  if (draft.closed && points.length < MAX_POINTS) {
    for (let i = 0; i < points.length; i++) {
      const a = points[i];
      const b = points[(i + 1) % points.length];
      if (a && b) midpoints.push({ kind: 'midpoint', index: i, at: [(a.x + b.x) / 2, (a.y + b.y) / 2] });
    }
  }
  return [...midpoints, ...points.map((p, index): Handle => ({ kind: 'vertex', index, at: [p.x, p.y] }))];
}

/** Which handle a press catches first when several are in reach: corners, then the rim, centre, midpoints. */
const PRIORITY: Record<HandleKind, number> = { vertex: 0, radius: 1, centre: 2, midpoint: 3 };

/**
 * The handle under a screen point: within `reachPx` of it, by priority and then distance.
 * Worked out from the draft itself (not from what the map last drew), so a press straight after an
 * edit never catches a corner by its old number.
 */
export function handleNear(
  handles: readonly Handle[],
  toScreen: (at: [number, number]) => { x: number; y: number },
  point: { x: number; y: number },
  reachPx: number,
): Handle | null {
  let best: { handle: Handle; distance: number } | null = null;
  for (const handle of handles) {
    const p = toScreen(handle.at);
    const distance = Math.hypot(p.x - point.x, p.y - point.y);
    if (distance > reachPx) continue;
    const better = !best || PRIORITY[handle.kind] < PRIORITY[best.handle.kind]
      || (PRIORITY[handle.kind] === PRIORITY[best.handle.kind] && distance < best.distance);
    if (better) best = { handle, distance };
  }
  return best?.handle ?? null;
}

/** Moves corner `index` to `at`; any other index leaves the draft as it is. */
export function moveVertex(draft: PoiDraft, index: number, at: LatLon): PoiDraft {
  if (draft.mode !== 2 || index < 0 || index >= draft.points.length) return draft;
  return { ...draft, points: draft.points.map((p, i) => (i === index ? xy(at) : p)) };
}

/** Adds a corner at `at` on the edge that starts at corner `after`; the new corner is selected. */
export function insertVertex(draft: PoiDraft, after: number, at: LatLon): PoiDraft {
  if (draft.mode !== 2 || after < 0 || after >= draft.points.length || draft.points.length >= MAX_POINTS) return draft;
  const points = [...draft.points.slice(0, after + 1), xy(at), ...draft.points.slice(after + 1)];
  return { ...draft, points, selected: after + 1 };
}

/** Whether corner removal is allowed: a closed outline keeps at least three corners. */
export function canRemoveVertex(draft: PoiDraft): boolean {
  return draft.mode === 2 && draft.points.length > (draft.closed ? MIN_POINTS : 0);
}

/**
 * Removes corner `index` (never below three on a closed outline); the selection is cleared. While
 * a polygon is still being drawn any corner may go, so a misplaced click can be taken back.
 */
export function removeVertex(draft: PoiDraft, index: number): PoiDraft {
  if (!canRemoveVertex(draft) || index < 0 || index >= draft.points.length) return draft;
  return { ...draft, points: draft.points.filter((_, i) => i !== index), selected: null };
}

/** What the Remove corner button takes away: the selected corner, else (while drawing) the last one. */
export function cornerToRemove(draft: PoiDraft): number | null {
  if (!canRemoveVertex(draft)) return null;
  if (draft.selected !== null && draft.selected < draft.points.length) return draft.selected;
  return draft.closed ? null : draft.points.length - 1;
}

/** Picks a corner (or none). */
export function selectVertex(draft: PoiDraft, index: number | null): PoiDraft {
  if (index !== null && (draft.mode !== 2 || index < 0 || index >= draft.points.length)) return draft;
  return draft.selected === index ? draft : { ...draft, selected: index };
}

/** The radius that puts the rim through `at`, in whole metres within the allowed range. */
export function radiusThrough(centre: LatLon, at: LatLon): number {
  const metres = Math.round(haversineKm(centre.lat, centre.lon, at.lat, at.lon) * 1000);
  return Math.min(RADIUS_LIMITS.max, Math.max(RADIUS_LIMITS.min, metres));
}

/** A drag of a handle to `at`: a corner moves, the centre moves (the radius stays), the rim resizes. */
export function dragHandle(draft: PoiDraft, handle: Pick<Handle, 'kind' | 'index'>, at: LatLon): PoiDraft {
  switch (handle.kind) {
    case 'vertex':
      return moveVertex(draft, handle.index, at);
    case 'midpoint':
      return insertVertex(draft, handle.index, at);
    case 'centre':
      return draft.mode === 1 ? { ...draft, centre: at } : draft;
    case 'radius':
      return draft.mode === 1 && draft.centre ? { ...draft, radius: radiusThrough(draft.centre, at) } : draft;
  }
}
