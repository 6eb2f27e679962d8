import { TABS_PREFIX } from '@fleet/shared/routes/routes';

export function isExternalLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/** Turns a menu or startup link ('fleet', 'tabs/tabs/fleet', '/tabs/tabs/fleet') into an app path. */
export function toAppPath(link: string): string {
  const trimmed = link.trim();
  if (trimmed === '' || isExternalLink(trimmed)) return trimmed;
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (path === TABS_PREFIX || path.startsWith(`${TABS_PREFIX}/`)) return path;
  return `${TABS_PREFIX}${path}`;
}

/** The path without the '/tabs/tabs' prefix, so '/fleet' and '/tabs/tabs/fleet' compare equal. */
export function withoutTabsPrefix(pathname: string): string {
  if (pathname.startsWith(`${TABS_PREFIX}/`)) return pathname.slice(TABS_PREFIX.length);
  return pathname;
}

/**
 * A menu link is active on its own page and on pages below it. Pass the entry's original link
 * (olink) when it has one, so 'fleet/{uuid}' stays active after the uuid changes.
 */
export function isLinkActive(link: string, pathname: string): boolean {
  if (isExternalLink(link)) return false;
  const target = withoutTabsPrefix(toAppPath(link)).replace(/\/+$/, '');
  const here = withoutTabsPrefix(pathname).replace(/\/+$/, '');
  if (target === '') return false;
  return here === target || here.startsWith(`${target}/`);
}

/** Index of the one menu link that best matches the path (the longest match wins), or -1. */
export function activeLinkIndex(links: readonly string[], pathname: string): number {
  let best = -1;
  let bestLength = -1;
  links.forEach((link, i) => {
    if (!isLinkActive(link, pathname)) return;
    const length = withoutTabsPrefix(toAppPath(link)).length;
    if (length > bestLength) {
      best = i;
      bestLength = length;
    }
  });
  return best;
}
