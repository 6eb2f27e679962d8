import {
  addNewSiteAnswerSchema, estateAnswerSchema, estateSitesAnswerSchema, estateUnitTypesAnswerSchema, type IoCatalogueRow, type IoMapKey,
  removeSiteAnswerSchema, removeUnitAnswerSchema, saveCustomerAnswerSchema, saveUnitTypeAnswerSchema, searchSiteAnswerSchema,
  suspendCustomerAnswerSchema, unitsAnswerSchema,
} from '@fleet/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { tenancyKeys } from './tenancy-keys.ts';

// The estate (issue 15): customers, sites, units and unit types for super administrators.

export const estateQuery = queryOptions({
  queryKey: tenancyKeys.estate(),
  queryFn: ({ signal }) => api.get('estate', estateAnswerSchema, undefined, signal).then((a) => a.customers),
  staleTime: 30_000,
});

export const estateSitesQuery = (cid: number) =>
  queryOptions({
    queryKey: tenancyKeys.estateSites(cid),
    queryFn: ({ signal }) => api.get('estatesites', estateSitesAnswerSchema, { cid }, signal).then((a) => a.sites),
    staleTime: 30_000,
  });

/**
 * A customer's live units (units?cid), every site of it. A customer without a site (a new one, or
 * one whose last site was just removed) is asked nothing: units?cid answers 404 for it, and a failed
 * units call signs the user out (spec 8). The sites are read first, fresh when they were invalidated.
 */
export const customerUnitsQuery = (queryClient: QueryClient, cid: number) =>
  queryOptions({
    queryKey: tenancyKeys.estateUnits(cid),
    queryFn: async ({ signal }) => {
      const sites = await queryClient.fetchQuery(estateSitesQuery(cid));
      if (sites.length === 0) return [];
      return api.get('units', unitsAnswerSchema, { cid }, signal).then((a) => a.units);
    },
    staleTime: 30_000,
  });

export const estateUnitTypesQuery = queryOptions({
  queryKey: tenancyKeys.estateUnitTypes(),
  queryFn: ({ signal }) => api.get('estateunittypes', estateUnitTypesAnswerSchema, undefined, signal),
  staleTime: 60_000,
});

export const searchQuery = (w: string) =>
  queryOptions({
    queryKey: tenancyKeys.search(w),
    queryFn: ({ signal }) => api.get('searchsite', searchSiteAnswerSchema, { w }, signal).then((a) => a.hits),
    staleTime: 30_000,
  });

export const saveCustomer = (body: { cid: number; name: string; retention: number | null }) =>
  api.post('savecustomer', saveCustomerAnswerSchema, body);
export const suspendCustomer = (body: { cid: number; suspend: boolean; reason?: string }) =>
  api.post('suspendcustomer', suspendCustomerAnswerSchema, body);
export const addNewSite = (body: { cid: number; sitename: string }) => api.post('addnewsite', addNewSiteAnswerSchema, body);
export const removeSite = (siteid: number) => api.post('removesite', removeSiteAnswerSchema, { siteid });
export const removeUnit = (siteid: number, uid: number) => api.post('removeunitfromsite', removeUnitAnswerSchema, { siteid, uid });
export const saveUnitType = (body: { id: number; name: string; icon: string; iomap: Partial<Record<IoMapKey, number>>; iocatalogue?: IoCatalogueRow[] }) =>
  api.post('saveunittype', saveUnitTypeAnswerSchema, body);
