import { asc, desc, eq } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import * as schema from '../schema.ts';
import { fleetwiseFavicon, fleetwiseLogo, northwayFavicon, northwayLogo } from './logos.ts';

/** A database or a transaction on it: seed helpers accept either. */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;
export type Brand = typeof schema.brands.$inferSelect;
export type NewBrand = typeof schema.brands.$inferInsert;

const FLEETWISE_BLUE = '#1c64d1'; // 5.5:1 on white
const NORTHWAY_GREEN = '#0f7a4a'; // 5.4:1 on white

/** The brand served for any host no other brand claims. */
export function defaultBrand(publicUrl: string): NewBrand {
  return {
    key: 'fleetwise',
    isDefault: true,
    hosts: ['localhost', '127.0.0.1'],
    name: 'Fleetwise',
    strapline: 'Every vehicle, every minute.',
    themeColor: FLEETWISE_BLUE,
    logoSvg: fleetwiseLogo(FLEETWISE_BLUE),
    faviconSvg: fleetwiseFavicon(FLEETWISE_BLUE),
    publicUrl,
    senderAddress: 'Fleetwise <no-reply@fleetwise.example>',
    privacyUrl: '/privacy',
  };
}

export interface DemoBrand extends Omit<NewBrand, 'publicUrl'> {
  key: string;
  /** The brand's public URL, derived from the default brand's (same port, own host). */
  publicUrlFor(defaultPublicUrl: string): string;
}

/** Extra white labels for the demo; browsers resolve *.localhost to this machine. */
export const DEMO_BRANDS: readonly DemoBrand[] = [
  {
    key: 'northway',
    isDefault: false,
    hosts: ['northway.localhost'],
    name: 'Northway Telematics',
    strapline: 'Fleet intelligence for the North',
    themeColor: NORTHWAY_GREEN,
    logoSvg: northwayLogo(NORTHWAY_GREEN),
    faviconSvg: northwayFavicon(NORTHWAY_GREEN),
    senderAddress: 'Northway <no-reply@northway.example>',
    privacyUrl: '/privacy',
    publicUrlFor: (defaultPublicUrl) => withHost(defaultPublicUrl, 'northway.localhost'),
  },
];

/** Same scheme and port as `url`, another host name; no trailing slash. */
function withHost(url: string, host: string): string {
  const u = new URL(url);
  return `${u.protocol}//${host}${u.port ? `:${u.port}` : ''}`;
}

/**
 * Creates the default brand when the brands table is empty; returns the default brand
 * (the one flagged is_default, else the oldest) and whether it was created now.
 */
export async function ensureDefaultBrand(
  db: Executor,
  opts: { publicUrl: string },
): Promise<{ created: boolean; brand: Brand }> {
  const existing = await findDefault(db);
  if (existing) return { created: false, brand: existing };
  const [inserted] = await db
    .insert(schema.brands)
    .values(defaultBrand(opts.publicUrl))
    .onConflictDoNothing({ target: schema.brands.key })
    .returning();
  if (inserted) return { created: true, brand: inserted };
  // Another process created it between our read and our insert.
  const raced = await findDefault(db);
  if (!raced) throw new Error('default brand missing after insert');
  return { created: false, brand: raced };
}

async function findDefault(db: Executor): Promise<Brand | undefined> {
  const [row] = await db
    .select()
    .from(schema.brands)
    .orderBy(desc(schema.brands.isDefault), asc(schema.brands.id))
    .limit(1);
  return row;
}

/** Creates each DEMO_BRANDS entry whose key is missing; returns brand ids by key. */
export async function ensureDemoBrands(db: Executor, defaultPublicUrl: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { publicUrlFor, ...brand } of DEMO_BRANDS) {
    await db
      .insert(schema.brands)
      .values({ ...brand, publicUrl: publicUrlFor(defaultPublicUrl) })
      .onConflictDoNothing({ target: schema.brands.key });
    const [row] = await db
      .select({ id: schema.brands.id })
      .from(schema.brands)
      .where(eq(schema.brands.key, brand.key));
    if (!row) throw new Error(`brand ${brand.key} missing after insert`);
    ids.set(brand.key, row.id);
  }
  return ids;
}
