import { unitTypesAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api.ts';
import { sharedKeys } from '../query-keys.ts';

/** Unit types (reference data, rarely changes): used wherever a unit is added or edited. */
export const unitTypesQuery = queryOptions({
  queryKey: sharedKeys.unitTypes(),
  queryFn: ({ signal }) =>
    api.get('unittypes', unitTypesAnswerSchema, undefined, signal).then((a) => a.unittypes),
  staleTime: 60 * 60_000,
});
