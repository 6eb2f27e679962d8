import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';
import type pg from 'pg';
import { ALARM_KINDS, openAlarmSql } from '../alerts/index.ts';

const { units, unitTypes, drivers, unitState } = schema;

/** One vehicle of a site as the vehicles call needs it; the state columns are null when it never reported. */
export interface VehicleRow {
  id: number; unit_type_id: number; registration: string; vicon: string; type_icon: string; driver_name: string | null;
  lat: number | null; lon: number | null; speed: number | null; angle: number | null; ignition: boolean | null;
  /** device_time in ms since 1970 (the column keeps ms): a number is much quicker to read than a timestamp's text. */
  device_ms: number | null; panic: boolean | null; pto1: boolean | null; pto2: boolean | null; loc_code: string | null; alarm: boolean;
}

const VEHICLES_OF_SITE = `
  SELECT u.id, u.unit_type_id, u.registration, u.vicon, t.icon AS type_icon, d.name AS driver_name,
    s.lat, s.lon, s.speed, s.angle, s.ignition, (extract(epoch FROM s.device_time) * 1000)::float8 AS device_ms, s.panic, s.pto1, s.pto2, s.loc_code,
    ${openAlarmSql('u.id', '$2')} AS alarm
  FROM units u
  JOIN unit_types t ON t.id = u.unit_type_id
  LEFT JOIN drivers d ON d.id = u.driver_id
  LEFT JOIN unit_state s ON s.unit_id = u.id
  WHERE u.site_id = $1 AND u.removed_at IS NULL
  ORDER BY u.registration ASC`;

/** The latest state of some units as a live update needs it (a unit that never reported has no row). */
export interface LiveStateRow {
  unit_id: number; lat: number; lon: number; speed: number; ignition: boolean | null; angle: number;
  device_time: Date; panic: boolean; pto1: boolean; pto2: boolean; alarm: boolean; loc_code: string | null;
}

const LIVE_STATE_OF_UNITS = `SELECT s.unit_id, s.lat, s.lon, s.speed, s.ignition, s.angle, s.device_time, s.panic, s.pto1, s.pto2, s.loc_code,
    ${openAlarmSql('s.unit_id', '$2')} AS alarm
  FROM unit_state s WHERE s.unit_id = ANY($1::int[])`;

export function fleetRepository(db: Db, pool: pg.Pool) {
  return {
    /**
     * The vehicles call's rows: only the columns it answers with, as plain rows. It is the hottest
     * read (every browser, every reload); the full unit and state rows with drizzle's per-column
     * mapping cost it more than everything else together (bench/RESULTS.md, issue 8).
     */
    async vehiclesOfSite(siteId: number): Promise<VehicleRow[]> {
      // A named statement: PostgreSQL parses it once per connection and, after a few calls, plans it once too.
      const r = await pool.query<VehicleRow>({ name: 'fleet-vehicles-of-site', text: VEHICLES_OF_SITE, values: [siteId, ALARM_KINDS] });
      return r.rows;
    },

    /** The live updates' rows: the units' latest state with their alarm flag, in one query. */
    async liveStateOfUnits(unitIds: number[]): Promise<LiveStateRow[]> {
      return (await pool.query<LiveStateRow>(LIVE_STATE_OF_UNITS, [unitIds, ALARM_KINDS])).rows;
    },

    /** The name of the driver on each unit now ('' for none). */
    async driverNamesOfUnits(unitIds: number[]): Promise<Map<number, string>> {
      const r = await pool.query<{ id: number; name: string | null }>(
        'SELECT u.id, d.name FROM units u LEFT JOIN drivers d ON d.id = u.driver_id WHERE u.id = ANY($1::int[])', [unitIds]);
      return new Map(r.rows.map((x) => [x.id, x.name ?? '']));
    },

    /** The units call's rows (it answers with the unit and its type; no alarm flag). */
    unitsOfSites(siteIds: number[]) {
      return db
        .select({ unit: units, typeName: unitTypes.name, typeIcon: unitTypes.icon, driverName: drivers.name, state: unitState })
        .from(units)
        .innerJoin(unitTypes, eq(unitTypes.id, units.unitTypeId))
        .leftJoin(drivers, eq(drivers.id, units.driverId))
        .leftJoin(unitState, eq(unitState.unitId, units.id))
        .where(and(inArray(units.siteId, siteIds), isNull(units.removedAt)))
        .orderBy(asc(units.registration));
    },

    unitTypes() {
      return db.select().from(unitTypes).orderBy(asc(unitTypes.id));
    },
  };
}
export type FleetRepository = ReturnType<typeof fleetRepository>;
