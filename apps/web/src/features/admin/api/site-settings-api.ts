import {
  type NavigatorSettings, navigatorConfigBodySchema, plainSuccessSchema, type SaveSiteSettingsBody, saveSiteSettingsBodySchema,
  siteImageAnswerSchema, siteSettingsAnswerSchema, userAnswerSchema,
} from '@fleet/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { session } from '../../../shared/session/session-store.ts';
import { adminKeys } from './admin-keys.ts';

/** sitesettings (administrators): the current site's settings and the operators' menu entries to pick from. */
export const siteSettingsQuery = (siteId: number) =>
  queryOptions({
    queryKey: adminKeys.siteSettings(siteId),
    queryFn: ({ signal }) => api.get('sitesettings', siteSettingsAnswerSchema, undefined, signal),
  });

/**
 * After a change: the session is read again (it carries the site's units, image and settings that
 * every page reads) and every answer is asked again (the server's texts follow the site's units).
 */
function useAfterSave() {
  const queryClient = useQueryClient();
  return async () => {
    const { user } = await api.get('user', userAnswerSchema);
    if (session.get().user) session.setUser(user);
    await queryClient.invalidateQueries();
  };
}

/**
 * savesitesettings: any of the current site's settings; what is left out stays. `onSaved` runs from
 * the mutation's own options, not from mutate's: the refetch after a save gives the form a new key
 * (it starts again from the saved values), and callbacks passed to mutate are dropped with the
 * component that called it, so the "saved" message came or not depending on which finished first.
 */
export function useSaveSiteSettings(onSaved?: () => void) {
  const after = useAfterSave();
  return useMutation({
    mutationFn: async (body: SaveSiteSettingsBody) => {
      await api.post('savesitesettings', plainSuccessSchema, saveSiteSettingsBodySchema.parse(body));
      await after();
    },
    onSuccess: () => onSaved?.(),
  });
}

/** navigatorconfig: the navigator settings of the current site; `onSaved` as for useSaveSiteSettings. */
export function useSaveNavigator(onSaved?: () => void) {
  const after = useAfterSave();
  return useMutation({
    mutationFn: async (body: NavigatorSettings) => {
      await api.post('navigatorconfig', plainSuccessSchema, navigatorConfigBodySchema.parse(body));
      await after();
    },
    onSuccess: () => onSaved?.(),
  });
}

/** savesiteimage: a new site image (the server checks it by its bytes and shrinks it). */
export function useSaveSiteImage() {
  const after = useAfterSave();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('image', file, file.name || 'image');
      await api.postForm('savesiteimage', siteImageAnswerSchema, form);
      await after();
    },
  });
}
