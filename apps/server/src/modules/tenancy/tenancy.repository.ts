import { asc, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';

const { customers, sites } = schema;

export function tenancyRepository(db: Db) {
  return {
    /** Sites among `siteIds`, with their customer, ordered by customer then site name. */
    async sitesWithCustomers(siteIds: number[]) {
      if (siteIds.length === 0) return [];
      return db
        .select({ siteId: sites.id, siteName: sites.name, customerId: customers.id, customerName: customers.name })
        .from(sites)
        .innerJoin(customers, eq(customers.id, sites.customerId))
        .where(inArray(sites.id, siteIds))
        .orderBy(asc(customers.name), asc(sites.name));
    },

    /** Sets a customer's position retention (months, null: keep all); undefined when there is no such customer. */
    async setRetention(customerId: number, months: number | null) {
      const [row] = await db.update(customers).set({ positionRetentionMonths: months }).where(eq(customers.id, customerId))
        .returning({ cid: customers.id, name: customers.name, months: customers.positionRetentionMonths });
      return row;
    },
  };
}
export type TenancyRepository = ReturnType<typeof tenancyRepository>;
