import { poiRecSchema, type PoiRec } from '@fleet/shared';
import { defineConfigList } from '../config/index.ts';
import type { PoiRepository, PoiRow } from './poi.repository.ts';

const stored = (rec: PoiRec) => rec.mode === 1
  ? { name: rec.name, mode: 1 as const, lat: rec.lat, lon: rec.lon, radius: rec.radius, points: null, showOnMap: rec.showonmap, isGeofence: rec.geofence }
  : { name: rec.name, mode: 2 as const, lat: null, lon: null, radius: null, points: rec.points, showOnMap: rec.showonmap, isGeofence: rec.geofence };

const recOf = (p: PoiRow) => ({
  id: p.id, name: p.name, mode: p.mode as 1 | 2, lat: p.lat, lon: p.lon, radius: p.radius, points: p.points ?? [],
  showonmap: p.show_on_map, geofence: p.is_geofence,
});

/**
 * 'poi': the site's places (administrators change them; operators read them, and keep their own
 * savepoi/savegeofence calls). A place may be deleted: alerts raised at it keep their time and
 * vehicle (alerts.poi_id is set null). Every change drops the place caches and reloads geofences.
 */
export function poiConfigList(repo: PoiRepository, changed: (siteId: number) => Promise<void> | void) {
  return defineConfigList({
    name: 'poi',
    title: 'Places',
    noun: 'place',
    rec: poiRecSchema,
    who: 'admin',
    read: 'operator',
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'shape', label: 'Shape', filter: true },
      { key: 'size', label: 'Size' },
      { key: 'showonmap', label: 'On the map', kind: 'bool', filter: true },
      { key: 'geofence', label: 'Geofence', kind: 'bool', filter: true },
    ],
    search: ['name'],
    async list({ siteId }) {
      return (await repo.ofSite(siteId)).map((p) => ({
        id: p.id, name: p.name, shape: p.mode === 1 ? 'Circle' : 'Polygon',
        size: p.mode === 1 ? `${Math.round(p.radius ?? 0)} m radius` : `${p.points?.length ?? 0} points`,
        showonmap: p.show_on_map, geofence: p.is_geofence,
      }));
    },
    async get({ siteId }, id) {
      const p = await repo.get(siteId, id);
      return p ? recOf(p) : null;
    },
    async add({ siteId }, rec) {
      const id = await repo.insert(siteId, stored(rec));
      await changed(siteId);
      return id;
    },
    async edit({ siteId }, id, rec) {
      const ok = await repo.update(siteId, id, stored(rec));
      if (ok) await changed(siteId);
      return ok;
    },
    async remove({ siteId }, id) {
      const ok = await repo.remove(siteId, id);
      if (!ok) return null;
      await changed(siteId);
      return 'The place was removed. Alerts raised at it keep their time and vehicle.';
    },
  });
}
