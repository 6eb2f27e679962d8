import type { SessionUser } from '@fleet/shared';
import { isExternalLink, toAppPath } from '../../../shared/routing/app-link.ts';

export const DEFAULT_LANDING = '/tabs/tabs/fleet';

/** Where a user goes after signing in: their startup page, else the first menu entry, else the fleet page. */
export function landingPathFor(user: Pick<SessionUser, 'startup' | 'menu'>): string {
  if (user.startup.trim()) return toAppPath(user.startup);
  const first = user.menu.find((m) => m.link.trim() && !isExternalLink(m.link));
  return first ? toAppPath(first.link) : DEFAULT_LANDING;
}
