import { type AssetsAnswer, assetsAnswerSchema, plainSuccessSchema, type SaveAssetRulesBody } from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { assetKeys } from './asset-keys.ts';

export type AssetsData = Omit<AssetsAnswer, 'ok'>;

/** assets?siteid: the site's asset trackers; asked again every minute (pings are minutes apart). */
export const assetsQuery = (siteId: number) =>
  queryOptions({
    queryKey: assetKeys.list(siteId),
    queryFn: ({ signal }): Promise<AssetsData> => api.get('assets', assetsAnswerSchema, { siteid: siteId }, signal),
    refetchInterval: 60_000,
  });

/** saveassetrules: an asset's allowed hours and place; the list is read again after. */
export function useSaveAssetRules(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAssetRulesBody) => api.post('saveassetrules', plainSuccessSchema, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.list(siteId) }),
  });
}
