import type { PublicBrand } from '@fleet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/api.ts';
import { brandAnswerCheck, publicBrandCheck } from '../api/light-checks.ts';
import { sharedKeys } from '../query-keys.ts';

const CACHE_KEY = 'brand';

/** The last brand seen on this host, so a reload paints in brand colours before `brand` answers. */
function cachedBrand(): PublicBrand | undefined {
  try {
    const parsed = publicBrandCheck.safeParse(JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const brandQuery = queryOptions({
  queryKey: sharedKeys.brand(),
  queryFn: async ({ signal }) => {
    const { brand } = await api.get('brand', brandAnswerCheck, undefined, signal);
    localStorage.setItem(CACHE_KEY, JSON.stringify(brand));
    return brand;
  },
  initialData: cachedBrand,
  initialDataUpdatedAt: 0,
  staleTime: 60 * 60_000,
});

/** The brand of the host this app is served from; undefined until the first answer. */
export function useBrand(): PublicBrand | undefined {
  return useQuery(brandQuery).data;
}
