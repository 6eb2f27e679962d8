import { schema, type Db } from '@fleet/db';
import { desc, eq } from 'drizzle-orm';

const { units, unitState, unknownDevices, commandLog, unitTypes } = schema;

export function unitsRepository(db: Db) {
  return {
    async unitWithState(unitId: number) {
      const rows = await db.select({ unit: units, state: unitState }).from(units)
        .leftJoin(unitState, eq(unitState.unitId, units.id)).where(eq(units.id, unitId)).limit(1);
      return rows[0];
    },

    async unitTypeExists(id: number): Promise<boolean> {
      return (await db.select({ id: unitTypes.id }).from(unitTypes).where(eq(unitTypes.id, id)).limit(1)).length > 0;
    },

    async unitByDevice(deviceId: string) {
      return (await db.select().from(units).where(eq(units.deviceId, deviceId)).limit(1))[0];
    },

    async addUnit(siteId: number, deviceId: string, unitTypeId: number, registration: string): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(units).values({ siteId, deviceId, unitTypeId, registration }).returning({ id: units.id });
        await tx.delete(unknownDevices).where(eq(unknownDevices.deviceId, deviceId));
        return (row as { id: number }).id;
      });
    },

    unknownDevices() {
      return db.select().from(unknownDevices).orderBy(desc(unknownDevices.lastAt)).limit(500);
    },

    async logCommand(entry: { unitId: number; userId: number; command: string; status: string; response: string | null }) {
      await db.insert(commandLog).values(entry);
    },
  };
}
export type UnitsRepository = ReturnType<typeof unitsRepository>;
