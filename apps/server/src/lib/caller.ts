import { schema } from '@fleet/db';
import { tokenError } from './errors.ts';

/**
 * What a request (or a socket) knows about its caller once the token is accepted. It lives here,
 * outside both the auth module and the auth plugin, so that route files, the plugin and realtime
 * all use it without importing each other (the plugin never imports a module).
 */
export interface Caller {
  session: typeof schema.sessions.$inferSelect;
  user: typeof schema.users.$inferSelect;
  siteIds: number[];
  isSuper: boolean;
}

/**
 * Who holds a token, asked on a host: the token is accepted only on the hosts of the brand its
 * session was opened on. The HTTP hook and the realtime socket both use this.
 */
export type ResolveCaller = (token: string, instanceUuid: string | undefined, host: string) => Promise<Caller>;

/** The caller of a route that is not public (the auth hook has run). */
export function callerOf(request: { caller: Caller | null }): Caller {
  if (!request.caller) throw tokenError('You are not signed in.');
  return request.caller;
}
