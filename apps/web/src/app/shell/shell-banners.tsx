import type { SessionUser } from '@fleet/shared';
import { useEffect, useRef } from 'react';
import { GeofenceBanner, PanicBanner, useAlertsFeed } from '../../features/alerts/index.ts';
import { SiteMessageBar, useSiteMessageFeed } from '../../features/site-message/index.ts';
import { useTranslation } from 'react-i18next';
import { PanelBoundary } from '../../shared/ui/panel-boundary.tsx';
import classes from './shell.module.css';

/** The banners' height, for pages that fill the screen under them (e.g. the fleet map). */
const BANNERS_HEIGHT_VAR = '--app-banners-height';

/**
 * Above every signed-in page: the site message, the panic banner (stays in view until acknowledged)
 * and the geofence banner; also keeps the alerts and the site message live while signed in.
 */
export function ShellBanners({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  useAlertsFeed(user);
  useSiteMessageFeed(user);
  const panicRef = useRef<HTMLDivElement>(null);
  const restRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const parts = [panicRef.current, restRef.current].filter((el) => el !== null);
    const root = document.documentElement.style;
    const measure = () => {
      const height = parts.reduce((sum, el) => sum + el.offsetHeight, 0);
      root.setProperty(BANNERS_HEIGHT_VAR, `${height}px`);
    };
    const observer = new ResizeObserver(measure);
    for (const el of parts) observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(BANNERS_HEIGHT_VAR);
    };
  }, []);
  return (
    <>
      <div ref={panicRef} className={classes.panic}>
        <PanelBoundary name={t('panel.alertBanner')}>
          <PanicBanner />
        </PanelBoundary>
      </div>
      <div ref={restRef} className={classes.bannerBox}>
        <PanelBoundary name={t('panel.alertBanner')}>
          <GeofenceBanner />
        </PanelBoundary>
        <PanelBoundary name={t('panel.siteMessage')}>
          <SiteMessageBar user={user} />
        </PanelBoundary>
      </div>
    </>
  );
}
