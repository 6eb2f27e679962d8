import { formatCentre, type LatLon, parseCentre, type SavePoiBody, type XY } from '@fleet/shared';
import { circleRing, type Poi, polygonRing, type Ring } from './poi-shapes.ts';

/** A place being drawn or edited: the form's fields plus what was clicked on the map. */
export interface PoiDraft {
  id?: number;
  mode: 1 | 2;
  name: string;
  centre: LatLon | null;
  radius: number;
  points: XY[];
  /** A polygon whose last point has been placed (Finish or double-click). */
  closed: boolean;
  /** The polygon corner picked on the map (Remove corner acts on it), or null. */
  selected: number | null;
  geofence: boolean;
  showonmap: boolean;
}

export const RADIUS_LIMITS = { min: 10, max: 50_000, initial: 200 } as const;
export const MAX_POINTS = 500;
/** A closed outline never has fewer corners than this. */
export const MIN_POINTS = 3;
/** Two clicks closer than this (degrees, ~1 m) are one vertex: a double-click sends two clicks. */
const SAME_POINT = 1e-5;

export function newDraft(mode: 1 | 2): PoiDraft {
  return { mode, name: '', centre: null, radius: RADIUS_LIMITS.initial, points: [], closed: false, selected: null, geofence: false, showonmap: true };
}

/** An existing place as a draft; its shape stays as stored unless the user moves it. */
export function draftOf(poi: Poi): PoiDraft {
  const points = poi.geo?.points ?? [];
  return {
    id: poi.id, mode: poi.mode, name: poi.name, centre: parseCentre(poi.gp), radius: poi.radius ?? RADIUS_LIMITS.initial,
    points, closed: points.length >= MIN_POINTS, selected: null, geofence: poi.geofence, showonmap: poi.showonmap,
  };
}

/** A map click: a circle's centre moves there; an open polygon gains a vertex (repeats ignored). */
export function clickDraft(draft: PoiDraft, at: LatLon): PoiDraft {
  if (draft.mode === 1) return { ...draft, centre: at };
  if (draft.closed || draft.points.length >= MAX_POINTS) return draft;
  const last = draft.points[draft.points.length - 1];
  if (last && Math.abs(last.x - at.lon) < SAME_POINT && Math.abs(last.y - at.lat) < SAME_POINT) return draft;
  return { ...draft, points: [...draft.points, { x: at.lon, y: at.lat }] };
}

/** Closes an open polygon once it has three points; otherwise leaves it open. */
export function finishPolygon(draft: PoiDraft): PoiDraft {
  return draft.mode === 2 && draft.points.length >= MIN_POINTS ? { ...draft, closed: true } : draft;
}

export type DraftProblem = 'name' | 'centre' | 'radius' | 'points' | 'open';

/** What still stops the draft from saving, in form order; empty when it can be saved. */
export function draftProblems(draft: PoiDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.name.trim()) problems.push('name');
  if (draft.mode === 1) {
    if (!draft.centre) problems.push('centre');
    if (!Number.isFinite(draft.radius) || draft.radius < RADIUS_LIMITS.min || draft.radius > RADIUS_LIMITS.max) problems.push('radius');
  } else if (draft.points.length < MIN_POINTS) problems.push('points');
  else if (!draft.closed) problems.push('open');
  return problems;
}

/** The savepoi / savegeofence body for a valid draft (x/y points, 'lat,lon' centre). */
export function draftBody(draft: PoiDraft): SavePoiBody {
  const base = { ...(draft.id ? { id: draft.id } : {}), name: draft.name.trim(), showonmap: draft.showonmap };
  if (draft.mode === 1 && draft.centre) {
    return { ...base, mode: 1, gp: formatCentre(draft.centre), radius: Math.round(draft.radius) };
  }
  return { ...base, mode: 2, geo: { points: draft.points } };
}

/** An existing place re-saved with one change (showonmap), every other field kept. */
export function poiBody(poi: Poi, showonmap: boolean): SavePoiBody {
  const base = { id: poi.id, name: poi.name, showonmap };
  if (poi.mode === 1) return { ...base, mode: 1, gp: poi.gp ?? undefined, radius: poi.radius ?? undefined };
  return { ...base, mode: 2, geo: poi.geo ?? undefined };
}

/** What the map previews: the outline (once it has one) and the clicked vertices or centre. */
export function draftPreview(draft: PoiDraft): { ring: Ring | null; line: Ring; vertices: Ring } {
  if (draft.mode === 1) {
    const c = draft.centre;
    const ok = c && draft.radius >= 1 && draft.radius <= RADIUS_LIMITS.max;
    return { ring: ok ? circleRing(c, draft.radius) : null, line: [], vertices: c ? [[c.lon, c.lat]] : [] };
  }
  const vertices: Ring = draft.points.map((p) => [p.x, p.y]);
  return { ring: draft.closed ? polygonRing(draft.points) : null, line: draft.closed ? [] : vertices, vertices };
}
