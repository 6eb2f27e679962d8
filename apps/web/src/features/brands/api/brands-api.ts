import { brandsAnswerSchema, saveBrandAnswerSchema, type SaveBrandBody, sendTestSmsAnswerSchema, type SendTestSmsBody, smsOutboxAnswerSchema } from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { sharedKeys } from '../../../shared/query-keys.ts';
import { brandsKeys } from './brands-keys.ts';

/** brands (super administrators): the brands the caller edits, and whether they may add one. */
export const brandsQuery = queryOptions({
  queryKey: brandsKeys.brands(),
  queryFn: ({ signal }) => api.get('brands', brandsAnswerSchema, undefined, signal),
});

/** savebrand: the brand list and this host's brand answer (name, logo, colour) are asked again. */
export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBrandBody) => api.post('savebrand', saveBrandAnswerSchema, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: brandsKeys.brands() });
      await queryClient.invalidateQueries({ queryKey: sharedKeys.brand() });
    },
  });
}

/** smsoutbox: the brand's latest text messages and whether an SMS provider is set up. */
export const smsOutboxQuery = queryOptions({
  queryKey: brandsKeys.smsOutbox(),
  queryFn: ({ signal }) => api.get('smsoutbox', smsOutboxAnswerSchema, undefined, signal),
});

/** sendtestsms: the outbox is asked again either way (a refused message is kept with its error). */
export function useSendTestSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendTestSmsBody) => api.post('sendtestsms', sendTestSmsAnswerSchema, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandsKeys.smsOutbox() }),
  });
}
