import { asc, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';
import { ALARM_KINDS } from '../alerts/alert-view.ts';

const { units, unitTypes, drivers, groups, groupUnits, unitState } = schema;

export function fleetRepository(db: Db) {
  return {
    unitsOfSites(siteIds: number[]) {
      return db
        .select({
          unit: units, typeName: unitTypes.name, typeIcon: unitTypes.icon, driverName: drivers.name, state: unitState,
          alarm: sql<boolean>`exists (SELECT 1 FROM alerts a WHERE a.unit_id = ${units.id} AND a.cleared_at IS NULL AND a.kind = ANY(${sql.param([...ALARM_KINDS])}::text[]))`,
        })
        .from(units)
        .innerJoin(unitTypes, eq(unitTypes.id, units.unitTypeId))
        .leftJoin(drivers, eq(drivers.id, units.driverId))
        .leftJoin(unitState, eq(unitState.unitId, units.id))
        .where(inArray(units.siteId, siteIds))
        .orderBy(asc(units.registration));
    },

    unitTypes() {
      return db.select().from(unitTypes).orderBy(asc(unitTypes.id));
    },

    driversOfSite(siteId: number) {
      return db.select().from(drivers).where(eq(drivers.siteId, siteId)).orderBy(asc(drivers.name));
    },

    async groupsOfSite(siteId: number) {
      return db
        .select({ id: groups.id, name: groups.name, units: sql<number[]>`coalesce(array_agg(${groupUnits.unitId} ORDER BY ${groupUnits.unitId}) FILTER (WHERE ${groupUnits.unitId} IS NOT NULL), '{}')` })
        .from(groups)
        .leftJoin(groupUnits, eq(groupUnits.groupId, groups.id))
        .where(eq(groups.siteId, siteId))
        .groupBy(groups.id)
        .orderBy(asc(groups.name));
    },
  };
}
export type FleetRepository = ReturnType<typeof fleetRepository>;
