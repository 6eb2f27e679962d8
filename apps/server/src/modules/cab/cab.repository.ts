import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';

const { cabDevices } = schema;

export type CabDeviceRow = typeof cabDevices.$inferSelect;

/** The cab module's own table (cab_devices) and the few reads its answers need. */
export function cabRepository(db: Db) {
  return {
    /** Registers a new cab device of a site, held by the browser with this instance uuid. */
    async create(d: { siteId: number; name: string; instanceUuid: string; keyHash: string; registeredBy: number }): Promise<CabDeviceRow> {
      const [row] = await db.insert(cabDevices).values({ ...d, registeredAt: new Date() }).returning();
      if (!row) throw new Error('cab device insert returned nothing');
      return row;
    },

    /** A device that has not been removed, or undefined. */
    async live(deviceId: number): Promise<CabDeviceRow | undefined> {
      const rows = await db.select().from(cabDevices).where(and(eq(cabDevices.id, deviceId), isNull(cabDevices.revokedAt))).limit(1);
      return rows[0];
    },

    /** A live device whose key hash matches (null key hashes never match). */
    async byKey(deviceId: number, keyHash: string): Promise<CabDeviceRow | undefined> {
      const rows = await db.select().from(cabDevices)
        .where(and(eq(cabDevices.id, deviceId), eq(cabDevices.keyHash, keyHash), isNull(cabDevices.revokedAt))).limit(1);
      return rows[0];
    },

    async touch(deviceId: number): Promise<void> {
      await db.update(cabDevices).set({ lastSeenAt: new Date() }).where(eq(cabDevices.id, deviceId));
    },

    /** Hands a registration to another browser: a new key and instance uuid, the old ones stop working. */
    async rekey(deviceId: number, d: { instanceUuid: string; keyHash: string; registeredBy: number }): Promise<CabDeviceRow | undefined> {
      const [row] = await db.update(cabDevices).set({ ...d, registeredAt: new Date(), lastSeenAt: null })
        .where(and(eq(cabDevices.id, deviceId), isNull(cabDevices.revokedAt))).returning();
      return row;
    },

    /** Removes a device: its key and instance uuid are forgotten; the row stays for the check lists made on it. */
    async remove(deviceId: number): Promise<boolean> {
      const rows = await db.update(cabDevices).set({ revokedAt: new Date(), keyHash: null, instanceUuid: null })
        .where(and(eq(cabDevices.id, deviceId), isNull(cabDevices.revokedAt))).returning({ id: cabDevices.id });
      return rows.length > 0;
    },

    /** A site's live cab devices with the driver signed in on each now and their vehicle. */
    async ofSite(siteId: number) {
      const rows = await db.execute<{
        id: number; name: string; registered_at: Date | string | null; last_seen_at: Date | string | null;
        driver: string | null; registration: string | null;
      }>(sql`
        SELECT c.id, c.name, c.registered_at, c.last_seen_at, d.name AS driver, u.registration
          FROM cab_devices c
          LEFT JOIN LATERAL (
            SELECT s.driver_id, s.unit_id FROM sessions s
             WHERE s.cab_device_id = c.id AND s.revoked_at IS NULL AND s.expires_at > now()
             ORDER BY s.id DESC LIMIT 1) s ON true
          LEFT JOIN drivers d ON d.id = s.driver_id
          LEFT JOIN units u ON u.id = s.unit_id
         WHERE c.site_id = ${siteId} AND c.revoked_at IS NULL
         ORDER BY lower(c.name), c.id`);
      return rows.rows;
    },

    /** The site's name and the brand its customer belongs to. */
    async site(siteId: number): Promise<{ name: string; brandId: number } | undefined> {
      const rows = await db.execute<{ name: string; brand_id: number }>(sql`
        SELECT s.name, c.brand_id FROM sites s JOIN customers c ON c.id = s.customer_id WHERE s.id = ${siteId}`);
      const r = rows.rows[0];
      return r ? { name: r.name, brandId: r.brand_id } : undefined;
    },

    /** The site's vehicles by registration, with the driver on each. */
    async vehiclesOfSite(siteId: number) {
      const rows = await db.execute<{ uid: number; registration: string; unittype: number; typename: string; driver: string | null }>(sql`
        SELECT u.id AS uid, u.registration, u.unit_type_id AS unittype, t.name AS typename, d.name AS driver
          FROM units u JOIN unit_types t ON t.id = u.unit_type_id LEFT JOIN drivers d ON d.id = u.driver_id
         WHERE u.site_id = ${siteId} AND u.removed_at IS NULL ORDER BY u.registration, u.id`);
      return rows.rows;
    },

    /**
     * A vehicle for the driver record: registration, unit type (its check-list template comes
     * through the checklists module's door) and its last report.
     */
    async vehicleForRecord(siteId: number, unitId: number) {
      const rows = await db.execute<{
        registration: string; unit_type_id: number; lat: number | null; lon: number | null; device_time: Date | string | null;
      }>(sql`
        SELECT u.registration, u.unit_type_id, st.lat, st.lon, st.device_time
          FROM units u LEFT JOIN unit_state st ON st.unit_id = u.id
         WHERE u.id = ${unitId} AND u.site_id = ${siteId}`);
      return rows.rows[0];
    },
  };
}
export type CabRepository = ReturnType<typeof cabRepository>;
