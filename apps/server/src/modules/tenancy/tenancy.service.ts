import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import type { TenancyRepository } from './tenancy.repository.ts';

type Row = Awaited<ReturnType<TenancyRepository['sitesWithCustomers']>>[number];

/** Groups the caller's sites by customer: every list here is built only from the session's sites. */
export function tenancyService(repo: TenancyRepository) {
  function byCustomer(rows: Row[]) {
    const map = new Map<number, { cid: number; name: string; sites: { siteid: number; sitename: string }[] }>();
    for (const r of rows) {
      const entry = map.get(r.customerId) ?? { cid: r.customerId, name: r.customerName, sites: [] };
      entry.sites.push({ siteid: r.siteId, sitename: r.siteName });
      map.set(r.customerId, entry);
    }
    return [...map.values()];
  }

  return {
    async companies(caller: Caller) {
      const grouped = byCustomer(await repo.sitesWithCustomers(caller.siteIds));
      return grouped.map((c) => ({ companyid: c.cid, name: c.name, sites: c.sites.length }));
    },

    async customers(caller: Caller, cid: number | undefined) {
      const grouped = byCustomer(await repo.sitesWithCustomers(caller.siteIds));
      if (cid === undefined) return grouped;
      const one = grouped.filter((c) => c.cid === cid);
      if (one.length === 0) throw notFound('customer');
      return one;
    },

    /** The site to switch to: `siteId` within customer `companyId`, or its first site; refused if not the caller's. */
    async pickTarget(caller: Caller, companyId: number, siteId: number | undefined): Promise<number> {
      const rows = (await repo.sitesWithCustomers(caller.siteIds)).filter((r) => r.customerId === companyId);
      if (rows.length === 0) throw notFound('customer');
      if (siteId === undefined) return (rows[0] as Row).siteId;
      if (!rows.some((r) => r.siteId === siteId)) throw notFound('site');
      return siteId;
    },

    /** A super administrator sets how long customer `cid` keeps positions (any customer: they are not bound to sites). */
    async setRetention(cid: number, months: number | null) {
      const customer = await repo.setRetention(cid, months);
      if (!customer) throw notFound('customer');
      const message = months === null
        ? `${customer.name} keeps every position.`
        : `${customer.name} keeps ${months} month${months === 1 ? '' : 's'} of positions; older ones are deleted by the daily upkeep (trips are kept).`;
      return { customer, message };
    },

    /** The caller's sites that belong to customer `cid` (none when it is not the caller's); the access check asks it. */
    async sitesOfCustomer(caller: Caller, cid: number): Promise<number[]> {
      const rows = (await repo.sitesWithCustomers(caller.siteIds)).filter((r) => r.customerId === cid);
      return rows.map((r) => r.siteId);
    },
  };
}
export type TenancyService = ReturnType<typeof tenancyService>;
