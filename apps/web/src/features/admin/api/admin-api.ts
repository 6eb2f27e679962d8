import { outboxAnswerSchema, unitsAnswerSchema, unitTypesAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

/** The mail outbox (administrators): where reset links land when no SMTP server is configured. */
export const outboxQuery = queryOptions({
  queryKey: ['outbox'],
  queryFn: ({ signal }) => api.get('outbox', outboxAnswerSchema, undefined, signal).then((a) => a.mails),
  staleTime: 0,
});

export const unitsQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['units', customerId],
    queryFn: ({ signal }) =>
      api.get('units', unitsAnswerSchema, { cid: customerId }, signal).then((a) => a.units),
  });

export const unitTypesQuery = queryOptions({
  queryKey: ['unittypes'],
  queryFn: ({ signal }) =>
    api.get('unittypes', unitTypesAnswerSchema, undefined, signal).then((a) => a.unittypes),
  staleTime: 60 * 60_000,
});
