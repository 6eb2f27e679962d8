// Which POI contain a position. One flatbush R-tree per site over the shapes' bounding boxes keeps
// a lookup at O(log n + hits) however many POI a site has; the spec's exact test (haversine circle,
// ray-cast polygon, from @fleet/shared) then runs only on the few boxes that hold the point.
// Shapes crossing the antimeridian are out of scope (see packages/shared/src/rules/geo.ts).
import {
  type BBox,
  type Circle,
  circleBBox,
  inCircle,
  pointInPolygon,
  polygonBBox,
  type XY,
} from '@fleet/shared/rules/geo';
import Flatbush from 'flatbush';

/** A POI as stored (poi table): mode 1 circle (lat/lon, radius in metres), mode 2 polygon (x lon, y lat). */
export interface GeofenceRow {
  id: number;
  siteId: number;
  mode: number;
  lat?: number | null;
  lon?: number | null;
  radius?: number | null;
  points?: readonly XY[] | null;
}

type Shape = { kind: 'circle'; circle: Circle } | { kind: 'polygon'; points: readonly XY[] };
type Entry = { id: number; shape: Shape };

interface SiteIndex {
  tree: Flatbush;
  ids: number[];
  shapes: Shape[];
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The row's shape, or null when it cannot contain anything (bad mode, missing centre, < 3 points). */
function shapeOf(row: GeofenceRow): Shape | null {
  if (row.mode === 1) {
    const { lat, lon, radius } = row;
    if (!finite(lat) || !finite(lon) || !finite(radius) || radius <= 0) return null;
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    return { kind: 'circle', circle: { lat, lon, radiusMetres: radius } };
  }
  if (row.mode === 2) {
    const points = row.points;
    if (!Array.isArray(points) || points.length < 3) return null;
    if (!points.every((p: XY) => finite(p?.x) && finite(p?.y))) return null;
    return { kind: 'polygon', points };
  }
  return null;
}

function bboxOf(shape: Shape): BBox {
  return shape.kind === 'circle' ? circleBBox(shape.circle) : (polygonBBox(shape.points) as BBox);
}

function contains(shape: Shape, lat: number, lon: number): boolean {
  const point = { lat, lon };
  return shape.kind === 'circle' ? inCircle(point, shape.circle) : pointInPolygon(point, shape.points);
}

function groupBySite(rows: readonly GeofenceRow[]) {
  const bySite = new Map<number, Entry[]>();
  const skipped: number[] = [];
  for (const row of rows) {
    const shape = shapeOf(row);
    if (!shape) {
      skipped.push(row.id);
      continue;
    }
    const list = bySite.get(row.siteId) ?? [];
    list.push({ id: row.id, shape });
    bySite.set(row.siteId, list);
  }
  return { bySite, skipped };
}

function buildSite(entries: Entry[]): SiteIndex {
  const tree = new Flatbush(entries.length);
  for (const { shape } of entries) {
    const b = bboxOf(shape);
    tree.add(b.minLon, b.minLat, b.maxLon, b.maxLat);
  }
  tree.finish();
  return { tree, ids: entries.map((e) => e.id), shapes: entries.map((e) => e.shape) };
}

/** An in-memory spatial index of every site's POI; rebuild it when POI change. */
export class GeofenceIndex {
  private sites = new Map<number, SiteIndex>();
  private known = new Set<number>();
  /** Ids of the rows left out by the last build because their shape was unusable. */
  skipped: number[] = [];

  constructor(rows: readonly GeofenceRow[] = []) {
    this.rebuild(rows);
  }

  /** Replaces the whole index with these rows. */
  rebuild(rows: readonly GeofenceRow[]): void {
    const { bySite, skipped } = groupBySite(rows);
    this.install(new Map([...bySite].map(([siteId, entries]) => [siteId, buildSite(entries)])), skipped);
  }

  /** Replaces one site's POI, leaving other sites' trees as they are; rows of other sites are skipped. */
  rebuildSite(siteId: number, rows: readonly GeofenceRow[]): void {
    const { bySite, skipped } = groupBySite(rows);
    const sites = new Map(this.sites);
    sites.delete(siteId);
    for (const [other, entries] of bySite) {
      if (other === siteId) sites.set(siteId, buildSite(entries));
      else skipped.push(...entries.map((e) => e.id));
    }
    this.install(sites, skipped);
  }

  private install(sites: Map<number, SiteIndex>, skipped: number[]): void {
    this.sites = sites;
    this.known = new Set([...sites.values()].flatMap((s) => s.ids));
    this.skipped = skipped;
  }

  /** Ids of the site's POI whose shape contains the point, ascending. */
  match(siteId: number, lat: number, lon: number): number[] {
    const site = this.sites.get(siteId);
    if (!site || !Number.isFinite(lat) || !Number.isFinite(lon)) return [];
    const hits = site.tree.search(lon, lat, lon, lat, (i) => contains(site.shapes[i] as Shape, lat, lon));
    const ids = hits.map((i) => site.ids[i] as number);
    return ids.length > 1 ? ids.sort((a, b) => a - b) : ids;
  }

  /** True when a POI with this id is in the index (for any site). */
  has(id: number): boolean {
    return this.known.has(id);
  }

  /** How many POI are indexed, over all sites. */
  get size(): number {
    return this.known.size;
  }
}
