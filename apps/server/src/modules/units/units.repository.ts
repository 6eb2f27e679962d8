import { schema, type Db } from '@fleet/db';
import type { FlaggedRecord } from '@fleet/shared';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';

const { units, unitState, unknownDevices, unitTypes, positions } = schema;

export function unitsRepository(db: Db) {
  return {
    async unitWithState(unitId: number) {
      const rows = await db.select({ unit: units, state: unitState }).from(units)
        .leftJoin(unitState, eq(unitState.unitId, units.id)).where(eq(units.id, unitId)).limit(1);
      return rows[0];
    },

    /**
     * The protocol a stored position came in by ('teltonika', 'gt06', 'queclink', 'osmand'), or null
     * when it is gone (trimmed from the log). By id and device time: one partition, its primary key.
     */
    async protocolOf(positionId: number, deviceTime: Date): Promise<string | null> {
      const rows = await db.select({ protocol: positions.protocol }).from(positions)
        .where(and(eq(positions.id, positionId), eq(positions.deviceTime, deviceTime))).limit(1);
      return rows[0]?.protocol ?? null;
    },

    /** Issue 16: the unit type's additions to the IO catalogue (unit_types.io_catalogue), to name and read its IO elements. */
    async ioCatalogueOf(unitTypeId: number): Promise<unknown> {
      const rows = await db.select({ c: unitTypes.ioCatalogue }).from(unitTypes).where(eq(unitTypes.id, unitTypeId)).limit(1);
      return rows[0]?.c ?? {};
    },

    /** The unit type's IO map override (unit_types.io_map), to name a unit's IO elements. */
    async ioMapOf(unitTypeId: number): Promise<unknown> {
      const rows = await db.select({ ioMap: unitTypes.ioMap }).from(unitTypes).where(eq(unitTypes.id, unitTypeId)).limit(1);
      return rows[0]?.ioMap ?? {};
    },

    /**
     * Puts a driver on a vehicle (issue 11, assigndriver): the vehicle's driver becomes `driverId`
     * and any other vehicle that driver was on loses them. Returns every unit whose driver changed.
     */
    async assignDriver(unitId: number, driverId: number): Promise<number[]> {
      return db.transaction(async (tx) => {
        const off = await tx.update(units).set({ driverId: null })
          .where(and(eq(units.driverId, driverId), ne(units.id, unitId))).returning({ id: units.id });
        await tx.update(units).set({ driverId }).where(eq(units.id, unitId));
        return [unitId, ...off.map((r) => r.id)];
      });
    },

    /** Takes a driver off a vehicle, only if they are still on it; returns the unit when it changed. */
    async unassignDriver(unitId: number, driverId: number): Promise<number[]> {
      const rows = await db.update(units).set({ driverId: null })
        .where(and(eq(units.id, unitId), eq(units.driverId, driverId))).returning({ id: units.id });
      return rows.map((r) => r.id);
    },

    async unitTypeExists(id: number): Promise<boolean> {
      return (await db.select({ id: unitTypes.id }).from(unitTypes).where(eq(unitTypes.id, id)).limit(1)).length > 0;
    },

    async unitByDevice(deviceId: string) {
      return (await db.select().from(units).where(and(eq(units.deviceId, deviceId), isNull(units.removedAt))).limit(1))[0];
    },

    async addUnit(siteId: number, deviceId: string, unitTypeId: number, registration: string): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(units).values({ siteId, deviceId, unitTypeId, registration }).returning({ id: units.id });
        await tx.delete(unknownDevices).where(eq(unknownDevices.deviceId, deviceId));
        return (row as { id: number }).id;
      });
    },

    /** Ranked by attempts (a real device retries; a flood of made-up ids tries each once), then the latest. */
    unknownDevices() {
      return db.select().from(unknownDevices).orderBy(desc(unknownDevices.attempts), desc(unknownDevices.lastAt)).limit(500);
    },

    /** The unit's newest records stored flagged implausible (the partial index positions_flagged_idx). */
    async flaggedRecords(unitId: number, limit: number): Promise<FlaggedRecord[]> {
      // The device time as text: a flagged time may be beyond what a JavaScript date can hold.
      const rows = await db.execute<{ id: string; time: string; received: string; lat: number; lon: number; speed: number; altitude: number; protocol: string; implausible: string }>(sql`
        SELECT id::text, (to_json(device_time AT TIME ZONE 'UTC') #>> '{}') || 'Z' AS time, (to_json(received_at AT TIME ZONE 'UTC') #>> '{}') || 'Z' AS received, lat, lon, speed, altitude, protocol, implausible
        FROM positions WHERE unit_id = ${unitId} AND implausible IS NOT NULL ORDER BY positions.id DESC LIMIT ${limit}`);
      return rows.rows.map((r) => ({
        id: Number(r.id), time: r.time, received: r.received, lat: r.lat, lon: r.lon, speed: r.speed, altitude: r.altitude,
        protocol: r.protocol, reasons: r.implausible.split(','),
      }));
    },
  };
}
export type UnitsRepository = ReturnType<typeof unitsRepository>;
