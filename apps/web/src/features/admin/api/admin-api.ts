import { outboxAnswerSchema, unitsAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { adminKeys } from './admin-keys.ts';

/** The mail outbox (administrators): where reset links land when no SMTP server is configured. */
export const outboxQuery = queryOptions({
  queryKey: adminKeys.outbox(),
  queryFn: ({ signal }) => api.get('outbox', outboxAnswerSchema, undefined, signal).then((a) => a.mails),
  staleTime: 0,
});

export const unitsQuery = (customerId: number) =>
  queryOptions({
    queryKey: adminKeys.units(customerId),
    queryFn: ({ signal }) =>
      api.get('units', unitsAnswerSchema, { cid: customerId }, signal).then((a) => a.units),
  });

// Shared with the super admin's unknown devices; kept importable from here for the config lists.
export { unitTypesQuery } from '../../../shared/units/unit-types-query.ts';
