import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../connection.ts';
import * as schema from '../schema.ts';
import { readDemoAccounts, type StoredAccount } from './accounts.ts';
import { type Executor, ensureDefaultBrand, ensureDemoBrands } from './brands.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_CUSTOMERS,
  DEMO_TANK_LITRES,
  DEMO_UNIT_TYPES,
  demoFleetPlanner,
  SITE_CABS,
  SITE_GROUPS,
  SITE_MESSAGES,
  SITE_POI,
} from '@fleet/demo';
import { siteImage } from './logos.ts';

/** The site whose demo office users hold Tracksec (timesheets, issue 14). */
export const TRACKSEC_SITE = 'Leeds Depot';

/**
 * Every demo site's default shift pattern: Monday to Friday 07:00–17:00 with 30 minutes' paid
 * break, overtime after 9 hours a day and 45 a week, night time 23:00–06:00.
 */
export const DEMO_SHIFT_PATTERN = {
  name: 'Days, Mon–Fri 07:00–17:00',
  pattern: {
    days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '07:00', end: '17:00', paidBreakMin: 30 })),
    overtimeAfterDayMin: 9 * 60,
    overtimeAfterWeekMin: 45 * 60,
    night: { start: '23:00', end: '06:00' },
  },
} as const;

export interface SeedDemoResult {
  /** False when the demo customers already existed and nothing was written. */
  seeded: boolean;
  /** The demo accounts as stored (DEMO_ACCOUNTS order), site names with the default site first. */
  accounts: StoredAccount[];
}

/**
 * Seeds the demo customers, sites, fleet, drivers, groups, POI and users in one transaction.
 * Idempotent: when any demo customer exists it writes nothing. Creates the default brand if the
 * brands table is empty (from opts.publicUrl) and the extra DEMO_BRANDS if missing.
 */
export async function seedDemo(
  db: Db,
  opts: { passwordHash: string; publicUrl: string },
): Promise<SeedDemoResult> {
  const seeded = await db.transaction(async (tx) => {
    // Parallel starts: the second waits here, then sees the customers and does nothing.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7262002)`);
    const names = DEMO_CUSTOMERS.map((c) => c.name);
    const existing = await tx
      .select({ id: schema.customers.id })
      .from(schema.customers)
      .where(inArray(schema.customers.name, names));
    if (existing.length > 0) return false;
    await insertDemo(tx, opts);
    return true;
  });
  return { seeded, accounts: await readDemoAccounts(db) };
}

async function insertDemo(tx: Executor, opts: { passwordHash: string; publicUrl: string }): Promise<void> {
  const { brand: defaultBrand } = await ensureDefaultBrand(tx, { publicUrl: opts.publicUrl });
  const demoBrandIds = await ensureDemoBrands(tx, defaultBrand.publicUrl);
  const brandRows = await tx.select().from(schema.brands);
  const brandFor = (key: string) =>
    brandRows.find((b) => b.id === (demoBrandIds.get(key) ?? defaultBrand.id)) ?? defaultBrand;

  await tx
    .insert(schema.unitTypes)
    .values([...DEMO_UNIT_TYPES])
    .onConflictDoNothing();

  const siteIds = new Map<string, number>();
  const customerIds = new Map<string, number>();
  for (const customer of DEMO_CUSTOMERS) {
    const brand = brandFor(customer.brandKey);
    const [row] = await tx
      .insert(schema.customers)
      .values({ brandId: brand.id, name: customer.name })
      .returning({ id: schema.customers.id });
    if (!row) throw new Error(`customer ${customer.name} not inserted`);
    customerIds.set(customer.name, row.id);
    const sites = await tx
      .insert(schema.sites)
      .values(
        customer.sites.map((name) => ({
          customerId: row.id,
          name,
          image: siteImage(name, brand.themeColor),
          message: SITE_MESSAGES[name] ?? '',
        })),
      )
      .returning({ id: schema.sites.id, name: schema.sites.name });
    for (const s of sites) siteIds.set(s.name, s.id);
  }

  // Each site's default shift pattern, held against every driver's timesheet (issue 14).
  await tx.insert(schema.shiftPatterns).values([...siteIds.values()].map((siteId) => ({
    siteId, name: DEMO_SHIFT_PATTERN.name, pattern: DEMO_SHIFT_PATTERN.pattern, isDefault: true,
  })));

  const planner = demoFleetPlanner();
  for (const [siteName, siteId] of siteIds) {
    const plan = planner.planSite(siteName);
    const now = Date.now();
    const driverRows = await tx
      .insert(schema.drivers)
      .values(
        plan.drivers.map((d) => ({
          siteId,
          name: d.name,
          tag: d.tag,
          updatedAt: new Date(now - d.lastSeenAgoMs),
        })),
      )
      .returning({ id: schema.drivers.id, name: schema.drivers.name });

    // Driver mode: a cab device no browser holds yet, and one driver who may sign in on it.
    const cab = SITE_CABS[siteName];
    if (cab) {
      await tx.insert(schema.cabDevices).values({ siteId, name: cab.device });
      const driver = driverRows.find((d) => d.name === cab.driver);
      const customer = DEMO_CUSTOMERS.find((c) => (c.sites as readonly string[]).includes(siteName));
      if (!driver || !customer) throw new Error(`demo cab driver ${cab.driver} of ${siteName} not found`);
      const [account] = await tx.insert(schema.users).values({
        email: null, name: cab.driver, passwordHash: opts.passwordHash, usertype: 3,
        customerId: customerIds.get(customer.name) ?? null, defaultSiteId: siteId, menu: null, mustChangePassword: false,
      }).returning({ id: schema.users.id });
      if (!account) throw new Error(`driver account ${cab.driver} not inserted`);
      await tx.insert(schema.userSites).values({ userId: account.id, siteId });
      await tx.update(schema.drivers).set({ userId: account.id }).where(sql`${schema.drivers.id} = ${driver.id}`);
    }

    const unitValues: Array<typeof schema.units.$inferInsert> = plan.units.map((u) => {
      const driverId = u.driverIndex === null ? undefined : driverRows[u.driverIndex]?.id;
      return {
        siteId,
        deviceId: u.deviceId,
        unitTypeId: u.unitTypeId,
        registration: u.registration,
        vicon: u.vicon,
        tankLitres: DEMO_TANK_LITRES[u.unitTypeId] ?? null,
        ...(driverId === undefined ? {} : { driverId }),
      };
    });
    const unitRows = await tx
      .insert(schema.units)
      .values(unitValues)
      .returning({ id: schema.units.id, type: schema.units.unitTypeId });

    for (const plan of SITE_GROUPS[siteName] ?? []) {
      const members = unitRows
        .filter((u) => plan.types.includes(u.type))
        .filter((_, i) => i % (plan.every ?? 1) === 0)
        .slice(0, plan.max ?? Number.POSITIVE_INFINITY);
      const [group] = await tx
        .insert(schema.groups)
        .values({ siteId, name: plan.name })
        .returning({ id: schema.groups.id });
      if (group && members.length > 0) {
        await tx.insert(schema.groupUnits).values(members.map((u) => ({ groupId: group.id, unitId: u.id })));
      }
    }

    const pois = SITE_POI[siteName] ?? [];
    if (pois.length > 0) {
      await tx.insert(schema.poi).values(
        pois.map((p) => ({
          siteId,
          name: p.name,
          mode: p.mode,
          ...(p.mode === 1 ? { lat: p.lat, lon: p.lon, radius: p.radius } : { points: p.points }),
          showOnMap: p.showOnMap,
          isGeofence: p.isGeofence,
        })),
      );
    }
  }

  for (const account of DEMO_ACCOUNTS) {
    const sites = account.sites.map((name) => {
      const id = siteIds.get(name);
      if (id === undefined) throw new Error(`unknown demo site ${name}`);
      return id;
    });
    const [user] = await tx
      .insert(schema.users)
      .values({
        email: account.email,
        name: account.name,
        passwordHash: opts.passwordHash,
        usertype: account.usertype,
        customerId: customerIds.get(account.customer) ?? null,
        defaultSiteId: sites[0] ?? null,
        menu: null,
        mustChangePassword: false,
        // Timesheets (issue 14) are Tracksec's: Leeds Depot's office has it, the other sites' do not.
        tracksec: account.sites.includes(TRACKSEC_SITE),
      })
      .returning({ id: schema.users.id });
    if (!user) throw new Error(`user ${account.email} not inserted`);
    await tx.insert(schema.userSites).values(sites.map((siteId) => ({ userId: user.id, siteId })));
  }
}
