import { ActionIcon, Button, Text, VisuallyHidden } from '@mantine/core';
import { IconMapPinExclamation, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { geofenceLines } from '../hooks/alerts-state.ts';
import { useAlerts } from '../hooks/alerts-store.ts';
import { hideAlerts, useHiddenAlerts } from '../hooks/hidden-alerts.ts';
import { GeofenceDrawer } from './geofence-drawer.tsx';
import { GeofenceWords } from './geofence-line.tsx';
import classes from './geofence-banner.module.css';

/**
 * The quieter banner (spec 2), one line at a fixed height: the latest geofence alert (registration,
 * HH:mm, 'Asset Geofence Alert') and how many others are open; the rest are in a drawer it opens.
 * ✕ hides the line on this browser only; clearing (for everyone) is in the drawer and asks first.
 * The shell gives it a fixed-height slot, so nothing on the page moves when alerts come and go.
 */
export function GeofenceBanner() {
  const { t } = useTranslation();
  const siteId = useSessionUser()?.siteid ?? null;
  const { geofence, counts } = useAlerts();
  const hidden = useHiddenAlerts(siteId);
  const [open, setOpen] = useState(false);
  const shown = geofence.filter((a) => !hidden.has(a.aid));
  const hiddenCount = geofence.length - shown.length;
  const latest = geofenceLines(shown)[0];
  const others = shown.length - 1;
  const hideLatest = () => {
    if (!latest) return;
    const ids = shown.filter((a) => a.unitid === latest.unitid).map((a) => a.aid);
    hideAlerts(siteId, ids, new Set(geofence.map((a) => a.aid)));
  };

  return (
    <section className={classes.strip} aria-label={t('alerts.geofenceRegion')} data-testid="geofence-banner" data-raised={latest ? true : undefined}>
      <IconMapPinExclamation size={18} aria-hidden className={classes.icon} />
      <div role="status" aria-atomic="true" className={classes.text}>
        {latest ? (
          <Text span size="sm" c="dark.8">
            <GeofenceWords item={latest.latest} />
          </Text>
        ) : (
          counts !== null && (
            <Text span size="sm" c="dark.6">
              {hiddenCount > 0 ? t('alerts.noneShown', { count: hiddenCount }) : t('alerts.noneOpen')}
            </Text>
          )
        )}
      </div>
      {(latest || hiddenCount > 0) && (
        <Button
          variant="subtle"
          color="dark"
          size="compact-sm"
          mih={44}
          className={classes.more}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          {others > 0 ? t('alerts.stripMore', { count: others }) : t('alerts.stripDetails')}
          <VisuallyHidden>{t('alerts.stripMoreWhat')}</VisuallyHidden>
        </Button>
      )}
      {latest && (
        <ActionIcon
          variant="subtle"
          color="dark"
          size={44}
          aria-label={t('alerts.hideFor', { registration: latest.latest.registration })}
          title={t('alerts.hideFor', { registration: latest.latest.registration })}
          onClick={hideLatest}
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
      )}
      <GeofenceDrawer opened={open} onClose={() => setOpen(false)} siteId={siteId} />
    </section>
  );
}
