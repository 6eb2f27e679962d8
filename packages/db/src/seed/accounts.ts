import { eq, inArray, sql } from 'drizzle-orm';
import * as schema from '../schema.ts';
import type { Executor } from './brands.ts';
import { DEMO_ACCOUNTS } from '@fleet/demo';

export interface StoredAccount {
  email: string;
  name: string;
  usertype: number;
  sites: string[];
}

/** The demo accounts as stored now, in DEMO_ACCOUNTS order; missing ones are left out. */
export async function readDemoAccounts(db: Executor): Promise<StoredAccount[]> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email.toLowerCase());
  const rows = await db
    .select({
      email: sql<string>`${schema.users.email}`,
      name: schema.users.name,
      usertype: schema.users.usertype,
      defaultSiteId: schema.users.defaultSiteId,
      siteId: schema.sites.id,
      siteName: schema.sites.name,
    })
    .from(schema.users)
    .leftJoin(schema.userSites, eq(schema.userSites.userId, schema.users.id))
    .leftJoin(schema.sites, eq(schema.sites.id, schema.userSites.siteId))
    .where(inArray(sql`lower(${schema.users.email})`, emails))
    .orderBy(schema.sites.id);
  return DEMO_ACCOUNTS.flatMap((a) => {
    const mine = rows.filter((r) => r.email.toLowerCase() === a.email.toLowerCase());
    const first = mine[0];
    if (!first) return [];
    const sites = [...mine]
      .sort((x, y) => Number(y.siteId === y.defaultSiteId) - Number(x.siteId === x.defaultSiteId))
      .flatMap((r) => (r.siteName === null ? [] : [r.siteName]));
    return [{ email: first.email, name: first.name, usertype: first.usertype ?? -1, sites }];
  });
}
