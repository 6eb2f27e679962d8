import { resolvePath, type PageKey, type SessionUser } from '@fleet/shared';
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { AlertCountStrip, GeofenceBanner, PanicBanner, useAlertsFeed } from '../../features/alerts/index.ts';
import { SiteMessageBar, useSiteMessageFeed } from '../../features/site-message/index.ts';
import { useTranslation } from 'react-i18next';
import { PanelBoundary } from '../../shared/ui/panel-boundary.tsx';
import classes from './shell.module.css';

/** The banners' height, for pages that fill the screen under them (e.g. the fleet map). */
const BANNERS_HEIGHT_VAR = '--app-banners-height';

/** Administration pages show a compact count of open alerts instead of the banners. */
const ADMIN_PAGES: ReadonlySet<PageKey> = new Set(['config', 'superadmin', 'suoperadmin', 'debug', 'fleetconfig', 'navigatorconfig']);

function isAdminPage(pathname: string): boolean {
  const r = resolvePath(pathname);
  return r.kind === 'page' && ADMIN_PAGES.has(r.route.page);
}

/**
 * Above every signed-in page: the alert slot (a fixed height from the first frame, so alerts
 * arriving never move the page: the geofence line, or a compact count on administration pages), the
 * panic banner floating over the page just under it until acknowledged, and the site message; also
 * keeps the alerts and the site message live while signed in.
 */
export function ShellBanners({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  useAlertsFeed(user);
  useSiteMessageFeed(user);
  const admin = isAdminPage(useLocation().pathname);
  const slotRef = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  // Measured before the first paint, so a page sized by it (the fleet map) starts at its final size.
  useLayoutEffect(() => {
    const parts = [slotRef.current, messageRef.current].filter((el) => el !== null);
    const root = document.documentElement.style;
    const measure = () => {
      const slot = slotRef.current;
      // The slot's bottom margin counts: the page starts below it.
      const margin = slot ? Number.parseFloat(getComputedStyle(slot).marginBottom) || 0 : 0;
      root.setProperty(BANNERS_HEIGHT_VAR, `${parts.reduce((sum, el) => sum + el.offsetHeight, 0) + margin}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const el of parts) observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(BANNERS_HEIGHT_VAR);
    };
  }, []);
  return (
    <>
      <div ref={slotRef} className={classes.alertSlot} data-compact={admin || undefined}>
        <PanelBoundary name={t('panel.alertBanner')}>{admin ? <AlertCountStrip /> : <GeofenceBanner />}</PanelBoundary>
      </div>
      {!admin && (
        <div className={classes.panicLayer}>
          <div className={classes.panicFloat}>
            <PanelBoundary name={t('panel.alertBanner')}>
              <PanicBanner />
            </PanelBoundary>
          </div>
        </div>
      )}
      <div ref={messageRef} className={classes.bannerBox}>
        <PanelBoundary name={t('panel.siteMessage')}>
          <SiteMessageBar user={user} />
        </PanelBoundary>
      </div>
    </>
  );
}
