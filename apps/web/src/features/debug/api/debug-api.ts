import {
  commandAnswerSchema,
  flaggedRecordsAnswerSchema,
  resetUnitStateAnswerSchema,
  resetUnitStateBodySchema,
} from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { fleetKeys } from '../../fleet/index.ts';
import { debugKeys } from './debug-keys.ts';

export { lastUnitInfoQuery } from '../../../shared/units/last-unit-info.tsx';

/** Sends a GPRS command and waits for the device's reply (offline 409, timeout 504, not admin 403). */
export function sendFmsCommand(uid: number, cmd: string): Promise<string> {
  return api
    .get('sendfmscommand', commandAnswerSchema, { uid, cmd, cmddesc: 'debug page' })
    .then((a) => a.reply);
}

/** unitflaggedrecords?uid (administrators): the unit's newest records refused as implausible. */
export const flaggedRecordsQuery = (uid: number) =>
  queryOptions({
    queryKey: debugKeys.flaggedRecords(uid),
    queryFn: ({ signal }) =>
      api.get('unitflaggedrecords', flaggedRecordsAnswerSchema, { uid }, signal).then((a) => a.records),
    staleTime: 10_000,
  });

/** resetunitstate (administrators): the unit's state rebuilt from its newest plausible position. */
export function useResetUnitState(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('resetunitstate', resetUnitStateAnswerSchema, resetUnitStateBodySchema.parse({ uid })).then((a) => a.state),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: debugKeys.lastUnitInfo(uid) }),
        queryClient.invalidateQueries({ queryKey: debugKeys.flaggedRecords(uid) }),
        queryClient.invalidateQueries({ queryKey: fleetKeys.allVehicles() }),
      ]),
  });
}
