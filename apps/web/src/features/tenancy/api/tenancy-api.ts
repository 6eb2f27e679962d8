import {
  addSiteUnitAnswerSchema,
  type addSiteUnitBodySchema,
  companiesAnswerSchema,
  customersAnswerSchema,
  pickAnswerSchema,
  unknownDevicesAnswerSchema,
} from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/api.ts';
import { tenancyKeys } from './tenancy-keys.ts';

/** Customers (companies) the signed-in user may pick, with their site counts. */
export const companiesQuery = queryOptions({
  queryKey: tenancyKeys.companies(),
  queryFn: ({ signal }) =>
    api.get('companies', companiesAnswerSchema, undefined, signal).then((a) => a.companies),
  staleTime: 5 * 60_000,
});

/** One customer's sites (`customers?cid=`). */
export const customersQuery = (companyId: number) =>
  queryOptions({
    queryKey: tenancyKeys.sites(companyId),
    queryFn: ({ signal }) =>
      api.get('customers', customersAnswerSchema, { cid: companyId }, signal).then((a) => a.customers),
    staleTime: 5 * 60_000,
  });

/** Every site the caller may see, grouped by customer (`customers` without cid). */
export const allSitesQuery = queryOptions({
  queryKey: tenancyKeys.allSites(),
  queryFn: ({ signal }) =>
    api.get('customers', customersAnswerSchema, undefined, signal).then((a) => a.customers),
  staleTime: 5 * 60_000,
});

/** Swaps the session to another customer's site; the answer carries a new token. */
export function pickSite(companyId: number, siteId: number) {
  return api.get('pick', pickAnswerSchema, { companyid: companyId, cid: siteId });
}

/** Devices that tried to report without being registered (super administrators). */
export const unknownDevicesQuery = queryOptions({
  queryKey: tenancyKeys.unknownDevices(),
  queryFn: ({ signal }) =>
    api.get('unknowndevices', unknownDevicesAnswerSchema, undefined, signal).then((a) => a.devices),
  staleTime: 0,
});

export type AddSiteUnitBody = z.infer<typeof addSiteUnitBodySchema>;

/** Registers a device on a site; the device is accepted at its next attempt. */
export function addSiteUnit(body: AddSiteUnitBody) {
  return api.post('addnewsiteunit', addSiteUnitAnswerSchema, body);
}
