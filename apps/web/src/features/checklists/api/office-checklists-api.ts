import { vclAlertsAnswerSchema, vclDealtAnswerSchema, vclViewAnswerSchema } from '@fleet/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { session } from '../../../shared/session/session-store.ts';
import { officeChecklistKeys } from './office-keys.ts';

/** Check lists of the current site with a fault not dealt with, as the server orders them. */
export const vclAlertsQuery = (siteId: number | null) =>
  queryOptions({
    queryKey: officeChecklistKeys.alerts(siteId),
    queryFn: ({ signal }) => api.get('vclalerts', vclAlertsAnswerSchema, undefined, signal).then((a) => a.checklists),
  });

/** One check list of the caller's sites with every item, its faults and their state. */
export const vclViewQuery = (id: number) =>
  queryOptions({
    queryKey: officeChecklistKeys.view(id),
    queryFn: ({ signal }) => api.get('vclview', vclViewAnswerSchema, { id }, signal).then((a) => a.checklist),
  });

/** Marks one fault dealt with; answers how many faults are still open on its check list. */
export function markFaultDealt(faultId: number) {
  return api.post('vcldealt', vclDealtAnswerSchema, {}, { id: faultId });
}

/**
 * An uploaded image's bytes (GET image?id), with the session in the Authorization header, never in
 * the address: the page shows it through an object URL.
 */
export async function fetchUploadImage(id: number, signal?: AbortSignal): Promise<Blob> {
  const user = session.get().user;
  const params = new URLSearchParams({ id: String(id) });
  if (user?.instanceuuid) params.set('instanceuuid', user.instanceuuid);
  let res: Response;
  try {
    res = await fetch(`/api/v1/image?${params.toString()}`, {
      headers: user ? { Authorization: `Bearer ${user.token}` } : {},
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 'network', 0, 'image');
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) {
    throw new ApiError('The image could not be loaded.', 'server', res.status, 'image');
  }
  return res.blob();
}

export const uploadImageQuery = (id: number) =>
  queryOptions({
    queryKey: officeChecklistKeys.image(id),
    queryFn: ({ signal }) => fetchUploadImage(id, signal),
    // An upload never changes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
