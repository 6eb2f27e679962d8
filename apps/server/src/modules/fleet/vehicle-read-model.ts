import type { UnitSystem, VehicleUpdate } from '@fleet/shared';
import type { AlertsRepository } from '../alerts/index.ts';
import { placeFinder } from '../places/index.ts';
import type { PoiRepository } from '../poi/index.ts';
import type { FleetRepository } from './fleet.repository.ts';
import { type PositionLike, updateOfPosition, updateOfState, vehicleOfRow, type Where } from './vehicle-view.ts';

/** A unit whose state changed, on its site (the device link's StateChange has it). */
interface ChangedUnit { unitId: number; siteId: number }
/** A committed position of a unit on its site (the device link's LivePosition has it). */
type SitePosition = PositionLike & { siteId: number };

/** How long the live updates trust a site's places before they read them again (a change made here forgets them at once). */
export const PLACES_TTL_MS = 30_000;

/**
 * The one read model of a vehicle: the vehicles call's list and the live updates pushed to open
 * pages are built here, from the same rules (vehicle-view.ts: mph, ignition, alarm flag, location
 * text) and the same places (read through the poi repository).
 *
 * Every update carries its location text ('At {POI}' or the nearest town, with an asset tracker's
 * code prefix), so an open page never shows where a vehicle was. For the updates, a site's places
 * are indexed once (places/place-finder.ts) and kept for PLACES_TTL_MS: a lookup is an R-tree
 * search plus a nearest-town search, cheap enough for every position of a large fleet.
 */
export function vehicleReadModel(deps: {
  repo: FleetRepository; poi: PoiRepository; alerts: AlertsRepository; placesTtlMs?: number;
  /** A site's unit system (the site module's settings): the distance to the nearest town is in it. */
  systemOfSite: (siteId: number) => Promise<UnitSystem>;
}) {
  const { repo, poi, alerts, systemOfSite } = deps;
  const ttlMs = deps.placesTtlMs ?? PLACES_TTL_MS;
  const finders = new Map<number, { at: number; where: Where }>();
  // Each unit's alarm flag as last read from the database (refreshed by every update read from it).
  const alarmOf = new Map<number, boolean>();

  async function alarmsFor(unitIds: number[]): Promise<(unitId: number) => boolean> {
    const unknown = unitIds.filter((u) => !alarmOf.has(u));
    if (unknown.length > 0) {
      const alarmed = await alerts.alarmedUnits(unknown);
      for (const u of unknown) alarmOf.set(u, alarmed.has(u));
    }
    return (u) => alarmOf.get(u) ?? false;
  }

  async function findersFor(sites: number[]) {
    const now = Date.now();
    const stale = sites.filter((s) => {
      const f = finders.get(s);
      return !f || now - f.at > ttlMs;
    });
    if (stale.length > 0) {
      const [lists, systems] = await Promise.all([Promise.all(stale.map((s) => poi.ofSite(s))), Promise.all(stale.map(systemOfSite))]);
      stale.forEach((s, i) => finders.set(s, { at: now, where: placeFinder(lists[i] ?? [], systems[i] ?? 'imperial') }));
    }
    return (site: number) => finders.get(site)?.where;
  }

  const model = {
    /** The vehicles call's list: every vehicle of the site, by registration. */
    async vehiclesOfSite(siteId: number) {
      const [rows, places, system] = await Promise.all([repo.vehiclesOfSite(siteId), poi.ofSite(siteId), systemOfSite(siteId)]);
      const where = placeFinder(places, system);
      return rows.map((v) => vehicleOfRow(v, where));
    },

    /**
     * The units' state with the driver now on each (a driver signed on or off on a cab device,
     * issue 11), grouped by site. A unit that never reported has no live update: its driver shows
     * in the vehicles answer.
     */
    async updatesForDrivers(changes: ChangedUnit[]): Promise<Map<number, VehicleUpdate[]>> {
      const [out, names] = await Promise.all([model.updatesForChanges(changes), repo.driverNamesOfUnits(changes.map((c) => c.unitId))]);
      for (const list of out.values()) for (const u of list) u.drivername = names.get(u.unitid) ?? '';
      return out;
    },

    /** The changed units' new state, read in one query and grouped by site. */
    async updatesForChanges(changes: ChangedUnit[]): Promise<Map<number, VehicleUpdate[]>> {
      const rows = await repo.liveStateOfUnits(changes.map((c) => c.unitId));
      const siteOf = new Map(changes.map((c) => [c.unitId, c.siteId]));
      const whereOn = await findersFor([...new Set(changes.map((c) => c.siteId))]);
      const out = new Map<number, VehicleUpdate[]>();
      for (const r of rows) {
        alarmOf.set(r.unit_id, r.alarm);
        const site = siteOf.get(r.unit_id);
        if (site === undefined) continue;
        const list = out.get(site) ?? [];
        list.push(updateOfState(r, whereOn(site)));
        out.set(site, list);
      }
      return out;
    },

    /**
     * Updates straight from committed positions, ahead of the state processor: location text from
     * the site's places, the alarm flag as last read from the database (alerts raised or cleared
     * refresh it through updatesForChanges).
     */
    async updatesForPositions(positions: SitePosition[]): Promise<Map<number, VehicleUpdate[]>> {
      const whereOn = await findersFor([...new Set(positions.map((p) => p.siteId))]);
      const alarm = await alarmsFor(positions.map((p) => p.unitId));
      const out = new Map<number, VehicleUpdate[]>();
      for (const p of positions) {
        const list = out.get(p.siteId) ?? [];
        list.push(updateOfPosition(p, alarm(p.unitId), whereOn(p.siteId)));
        out.set(p.siteId, list);
      }
      return out;
    },

    /** A site's places or unit system changed: the updates read them again (every site's when none is named). */
    placesChanged(siteId?: number): void {
      if (siteId === undefined) finders.clear();
      else finders.delete(siteId);
    },
  };
  return model;
}
export type VehicleReadModel = ReturnType<typeof vehicleReadModel>;
