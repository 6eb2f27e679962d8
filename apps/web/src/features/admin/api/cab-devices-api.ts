import { type CabKey, cabDevicesAnswerSchema, cabKeyAnswerSchema, plainSuccessSchema } from '@fleet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { storeCabKey } from '../../../shared/device/cab-device.ts';
import { clearSessionCaches } from '../../../shared/query-client.ts';
import { navigateTo } from '../../../shared/routing/navigation.ts';
import { session } from '../../../shared/session/session-store.ts';

export const cabDeviceKeys = { list: (siteId: number) => ['cabdevices', siteId] as const };

export function useCabDevices(siteId: number | null) {
  return useQuery({
    queryKey: cabDeviceKeys.list(siteId ?? 0),
    enabled: siteId !== null,
    queryFn: ({ signal }) => api.get('cabdevices', cabDevicesAnswerSchema, { siteid: siteId }, signal).then((a) => a.devices),
  });
}

/**
 * This browser becomes the cab device: the key is stored, the administrator's session (which the
 * server has ended) is forgotten, and the app restarts in driver mode at the driver's sign-in.
 */
async function becomeCabDevice(device: CabKey): Promise<void> {
  storeCabKey(device);
  clearSessionCaches();
  session.clear(null, '/tabs/tabs/driverlogin');
  await navigateTo('/tabs/tabs/driverlogin', { replace: true });
}

export function useRegisterCabDevice() {
  return useMutation({
    mutationFn: async (body: { siteid: number; name: string }) => (await api.post('registercabdevice', cabKeyAnswerSchema, body)).device,
    onSuccess: becomeCabDevice,
  });
}

export function useTakeCabDevice() {
  return useMutation({
    mutationFn: async (deviceid: number) => (await api.post('takecabdevice', cabKeyAnswerSchema, { deviceid })).device,
    onSuccess: becomeCabDevice,
  });
}

export function useRemoveCabDevice(siteId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceid: number) => api.post('removecabdevice', plainSuccessSchema, { deviceid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cabDeviceKeys.list(siteId ?? 0) }),
  });
}
