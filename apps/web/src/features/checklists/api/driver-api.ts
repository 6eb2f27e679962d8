import {
  cabUnitAnswerSchema,
  checklistAnswerSchema,
  type CurrentChecklist,
  sendTempImageAnswerSchema,
  signoffChecklistAnswerSchema,
  type SignoffChecklistBody,
  unitSignoffAnswerSchema,
} from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import type { SendCalls, SignOffBody } from '../model/driver-send.ts';
import { driverChecklistKeys } from './driver-keys.ts';
import { fetchUploadImage } from './office-checklists-api.ts';

/** Spec 8: check-list calls resolve null on a network error; the server's refusals still throw. */
async function nullOnNetwork<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'network') return null;
    throw error;
  }
}

/** checklist?reg: the vehicle's current check list (null without signal). */
export const currentChecklistQuery = (reg: string) =>
  queryOptions({
    queryKey: driverChecklistKeys.current(reg),
    queryFn: ({ signal }): Promise<CurrentChecklist | null> =>
      nullOnNetwork(api.get('checklist', checklistAnswerSchema, { reg }, signal).then((a) => a.checklist)),
    staleTime: 0,
    retry: false,
  });

/** sendtempimage: one photo or the signature, with its idempotency key. */
export function sendTempImage(upload: { uid: number; key: string; image: Blob }): Promise<{ id: number } | null> {
  const form = new FormData();
  form.append('uid', String(upload.uid));
  form.append('key', upload.key);
  const name = upload.image.type === 'image/png' ? 'image.png' : 'image.jpg';
  form.append('image', upload.image, name);
  return nullOnNetwork(api.postForm('sendtempimage', sendTempImageAnswerSchema, form).then((a) => ({ id: a.id })));
}

/** signoffchecklistv5: the check list itself, once its photos and signature are on the server. */
export function signOffChecklist(body: SignOffBody): Promise<{ id: number; duplicate: boolean } | null> {
  const wire: SignoffChecklistBody = body;
  return nullOnNetwork(
    api.post('signoffchecklistv5', signoffChecklistAnswerSchema, wire).then((a) => ({ id: a.id, duplicate: a.duplicate })),
  );
}

export const checklistCalls: SendCalls = { sendImage: sendTempImage, signOff: signOffChecklist };

/** cabunit: the driver's view of the vehicle (the assigned one unless told). */
export const cabUnitQuery = (uid: number | null) =>
  queryOptions({
    queryKey: driverChecklistKeys.unit(uid),
    queryFn: ({ signal }) => api.get('cabunit', cabUnitAnswerSchema, { uid }, signal).then((a) => a.unit),
  });

/** unitsignoff: the driver declares they have seen the vehicle's open faults. */
export function unitSignoff(body: { uid: number; faults: number[]; note: string }) {
  return api.post('unitsignoff', unitSignoffAnswerSchema, body);
}

/** GET image?id: an upload's bytes (with the session's header, never a token in an <img> URL). */
export const imageQuery = (id: number) =>
  queryOptions({
    queryKey: driverChecklistKeys.image(id),
    queryFn: ({ signal }) => fetchUploadImage(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
