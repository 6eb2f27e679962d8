import { companiesAnswerSchema, customersAnswerSchema, pickAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

/** Customers (companies) the signed-in user may pick, with their site counts. */
export const companiesQuery = queryOptions({
  queryKey: ['companies'],
  queryFn: ({ signal }) =>
    api.get('companies', companiesAnswerSchema, undefined, signal).then((a) => a.companies),
  staleTime: 5 * 60_000,
});

/** One customer's sites (`customers?cid=`). */
export const customersQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['customers', companyId],
    queryFn: ({ signal }) =>
      api.get('customers', customersAnswerSchema, { cid: companyId }, signal).then((a) => a.customers),
    staleTime: 5 * 60_000,
  });

/** Swaps the session to another customer's site; the answer carries a new token. */
export function pickSite(companyId: number, siteId: number) {
  return api.get('pick', pickAnswerSchema, { companyid: companyId, cid: siteId });
}
