import { commandAnswerSchema, lastUnitInfoAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

/** A unit's registration and latest state; refreshed every 30 s so the online badge stays true. */
export const lastUnitInfoQuery = (uid: number) =>
  queryOptions({
    queryKey: ['lastunitinfo', uid],
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
