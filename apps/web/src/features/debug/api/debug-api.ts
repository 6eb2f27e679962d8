import {
  commandAnswerSchema,
  flaggedRecordsAnswerSchema,
  lastUnitInfoAnswerSchema,
  resetUnitStateAnswerSchema,
  resetUnitStateBodySchema,
} from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { fleetKeys } from '../../fleet/index.ts';
import { debugKeys } from './debug-keys.ts';

/** A unit's registration and latest state; refreshed every 30 s so the online badge stays true. */
export const lastUnitInfoQuery = (uid: number) =>
  queryOptions({
    queryKey: debugKeys.lastUnitInfo(uid),
    queryFn: ({ signal }) =>
      api.get('lastunitinfo', lastUnitInfoAnswerSchema, { uid }, signal).then((a) => a.unit),
    refetchInterval: 30_000,
  });

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
