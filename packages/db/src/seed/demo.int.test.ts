import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_CUSTOMERS, luhnDigit, type PoiPoint, SITE_CABS } from '@fleet/demo';
import { count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations, connect, type Database } from '../connection.ts';
import * as schema from '../schema.ts';
import { ensureDefaultBrand } from './brands.ts';
import { seedDemo } from './demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose user may CREATE DATABASE (from the integration global setup). */
    pgAdminUrl: string;
  }
}

const PUBLIC_URL = 'http://localhost:5173';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VlZHRlc3Q$ZmFrZWhhc2hmb3J0ZXN0c29ubHk';

/** Creates a uniquely named database on the admin server; drop() removes it. */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `seed_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

const TABLES = {
  brands: schema.brands,
  customers: schema.customers,
  sites: schema.sites,
  users: schema.users,
  userSites: schema.userSites,
  unitTypes: schema.unitTypes,
  drivers: schema.drivers,
  units: schema.units,
  groups: schema.groups,
  groupUnits: schema.groupUnits,
  poi: schema.poi,
};

describe('demo seed', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let database: Database;

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const [key, table] of Object.entries(TABLES)) {
      const [row] = await database.db.select({ n: count() }).from(table);
      out[key] = row?.n ?? 0;
    }
    return out;
  };

  beforeAll(async () => {
    scratch = await scratchDatabase(inject('pgAdminUrl'));
    database = connect(scratch.url, { max: 4 });
    await applyMigrations(database);
  });

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('seeds once, and a second run writes nothing', async () => {
    expect((await ensureDefaultBrand(database.db, { publicUrl: PUBLIC_URL })).created).toBe(true);
    expect((await ensureDefaultBrand(database.db, { publicUrl: PUBLIC_URL })).created).toBe(false);

    const first = await seedDemo(database.db, { passwordHash: HASH, publicUrl: PUBLIC_URL });
    expect(first.seeded).toBe(true);
    expect(first.accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(first.accounts.find((a) => a.email === 'dispatch@aire-valley.example')?.sites).toEqual([
      'Leeds Depot',
      'Bradford Yard',
    ]);
    const before = await counts();

    const second = await seedDemo(database.db, { passwordHash: HASH, publicUrl: PUBLIC_URL });
    expect(second.seeded).toBe(false);
    expect(second.accounts).toEqual(first.accounts);
    expect(await counts()).toEqual(before);
    expect(before).toMatchObject({ brands: 2, customers: 2, sites: 3, users: DEMO_ACCOUNTS.length + Object.keys(SITE_CABS).length });
  });

  it('brands: one default, northway on the same port', async () => {
    const brands = await database.db.select().from(schema.brands);
    expect(brands.filter((b) => b.isDefault).map((b) => b.key)).toEqual(['fleetwise']);
    const northway = brands.find((b) => b.key === 'northway');
    expect(northway?.publicUrl).toBe('http://northway.localhost:5173');
    for (const b of brands) expect(b.logoSvg).toMatch(/^<svg[^>]+viewBox="0 0 200 48"/);
  });

  it('units: enough, unique IMEIs and registrations', async () => {
    const units = await database.db.select().from(schema.units);
    expect(units.length).toBeGreaterThanOrEqual(55);
    const ids = units.map((u) => u.deviceId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^\d{15}$/);
      expect(luhnDigit(id.slice(0, 14))).toBe(Number(id[14]));
    }
    const regs = units.map((u) => u.registration);
    expect(new Set(regs).size).toBe(regs.length);
    const vehicles = units.filter((u) => [1, 2, 3, 16].includes(u.unitTypeId));
    for (const u of vehicles) expect(u.registration).toMatch(/^[A-Y]{2}\d{2} [A-Y]{3}$/);
    const sites = new Set(units.map((u) => u.siteId));
    expect(sites.size).toBe(3);
    expect(units.filter((u) => u.driverId !== null).length).toBeGreaterThanOrEqual(35);
    const groups = await database.db
      .select({ siteId: schema.groups.siteId, n: count(schema.groupUnits.unitId) })
      .from(schema.groups)
      .leftJoin(schema.groupUnits, eq(schema.groupUnits.groupId, schema.groups.id))
      .groupBy(schema.groups.id);
    for (const siteId of sites) expect(groups.some((g) => g.siteId === siteId && g.n > 0)).toBe(true);
  });

  it('drivers: some out of date (> 24 h), most recent', async () => {
    const drivers = await database.db.select().from(schema.drivers);
    expect(drivers.length).toBeGreaterThanOrEqual(35);
    const old = drivers.filter((d) => Date.now() - (d.updatedAt?.getTime() ?? 0) > 24 * 3_600_000);
    expect(old.length).toBeGreaterThan(0);
    expect(old.length).toBeLessThan(drivers.length / 2);
  });

  it('driver mode: one cab device per site that no browser holds yet, and one driver account linked to a driver', async () => {
    const cabs = await database.db.select().from(schema.cabDevices);
    expect(cabs.map((c) => c.name).sort()).toEqual(Object.values(SITE_CABS).map((c) => c.device).sort());
    for (const c of cabs) expect([c.keyHash, c.instanceUuid, c.revokedAt]).toEqual([null, null, null]);
    const accounts = await database.db.select({ user: schema.users, driver: schema.drivers }).from(schema.drivers)
      .innerJoin(schema.users, sql`${schema.users.id} = ${schema.drivers.userId}`);
    expect(accounts.map((a) => a.driver.name).sort()).toEqual(Object.values(SITE_CABS).map((c) => c.driver).sort());
    for (const a of accounts) {
      expect(a.user).toMatchObject({ usertype: 3, email: null, name: a.driver.name, disabled: false });
      expect(cabs.find((c) => c.siteId === a.driver.siteId)).toBeDefined();
    }
  });

  it('every demo site has an operator and a site administrator', async () => {
    const customers = await database.db
      .select({ id: schema.customers.id })
      .from(schema.customers)
      .where(
        inArray(
          schema.customers.name,
          DEMO_CUSTOMERS.map((c) => c.name),
        ),
      );
    const sites = await database.db
      .select()
      .from(schema.sites)
      .where(
        inArray(
          schema.sites.customerId,
          customers.map((c) => c.id),
        ),
      );
    const links = await database.db
      .select({ siteId: schema.userSites.siteId, usertype: schema.users.usertype, user: schema.users })
      .from(schema.userSites)
      .innerJoin(schema.users, eq(schema.users.id, schema.userSites.userId));
    expect(sites).toHaveLength(3);
    for (const site of sites) {
      const types = links.filter((l) => l.siteId === site.id).map((l) => l.usertype);
      expect(types).toContain(1);
      expect(types).toContain(2);
    }
    for (const { user } of links) {
      expect(links.some((l) => l.user.id === user.id && l.siteId === user.defaultSiteId)).toBe(true);
      expect(user.menu).toBeNull();
      expect(user.mustChangePassword).toBe(false);
    }
  });

  it('POI: circles and polygons with valid coordinates', async () => {
    const pois = await database.db.select().from(schema.poi);
    const inYorkshire = (lat: number, lon: number) => lat > 53.5 && lat < 54 && lon > -2 && lon < -1.2;
    const circles = pois.filter((p) => p.mode === 1);
    const polygons = pois.filter((p) => p.mode === 2);
    expect(circles.length).toBeGreaterThan(0);
    expect(polygons.length).toBeGreaterThan(0);
    for (const c of circles) {
      expect(inYorkshire(c.lat ?? 0, c.lon ?? 0)).toBe(true);
      expect(c.radius ?? 0).toBeGreaterThan(0);
    }
    for (const p of polygons) {
      const points = p.points as PoiPoint[];
      expect(points.length).toBeGreaterThanOrEqual(3);
      for (const pt of points) expect(inYorkshire(pt.y, pt.x)).toBe(true);
    }
    expect(pois.some((p) => p.isGeofence)).toBe(true);
    expect(pois.some((p) => !p.showOnMap)).toBe(true);
  });
});
