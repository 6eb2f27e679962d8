import { type IoEntry, ioCatalogue } from '@fleet/protocols';
import type { FmsColumn, FmsReading, FmsVehicle } from '@fleet/shared';
import type { EngineRepository, EngineRow } from './engine.repository.ts';
import { allReadings, columnsOf, fmsVehicleOf } from './engine-view.ts';

/**
 * Engine data read through the IO catalogue: each unit's latest state (unit_state.io) with its
 * type's extension merged over the defaults. Catalogues are built per call from the rows' own
 * extensions (a few dozen entries each), so an edited unit type reads anew at once.
 */
export function engineService(repo: EngineRepository) {
  const catalogues = () => {
    const byJson = new Map<string, Map<number, IoEntry>>();
    return (row: EngineRow) => {
      const key = JSON.stringify(row.io_catalogue ?? {});
      let c = byJson.get(key);
      if (!c) byJson.set(key, (c = ioCatalogue(row.io_catalogue)));
      return c;
    };
  };

  return {
    /** fmsvvehicles: every live vehicle of the site with its latest engine data, and the columns the fleet reports. */
    async vehiclesOfSite(siteId: number): Promise<{ columns: FmsColumn[]; vehicles: FmsVehicle[] }> {
      const catalogueOf = catalogues();
      const vehicles = (await repo.unitsOfSite(siteId)).map((r) => fmsVehicleOf(r, catalogueOf(r)));
      return { columns: columnsOf(vehicles), vehicles };
    },

    /** lastfmsv2data: one unit's latest FMS fields and every catalogue value; undefined when there is no such unit. */
    async unit(unitId: number) {
      const row = await repo.unit(unitId);
      if (!row) return undefined;
      const values: FmsReading[] = allReadings(row, ioCatalogue(row.io_catalogue));
      return {
        unitid: row.id, registration: row.registration, unittype: row.type_name,
        updated: row.status_time ? row.status_time.toISOString() : null,
        fuellevel: row.fuel_level, fuelused: row.fuel_used, enginehours: row.engine_hours, rpm: row.rpm,
        totaldistance: row.total_distance, faultcodes: row.fault_codes ?? [], values,
      };
    },

    /** The live feed: the given units' engine data, by site. */
    async updatesForUnits(unitIds: readonly number[]): Promise<Map<number, FmsVehicle[]>> {
      const catalogueOf = catalogues();
      const out = new Map<number, FmsVehicle[]>();
      for (const row of await repo.unitsByIds(unitIds)) {
        const list = out.get(row.site_id) ?? [];
        list.push(fmsVehicleOf(row, catalogueOf(row)));
        out.set(row.site_id, list);
      }
      return out;
    },
  };
}
export type EngineService = ReturnType<typeof engineService>;
