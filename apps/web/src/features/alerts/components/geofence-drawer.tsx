import { ActionIcon, Anchor, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEyeOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { alertsPath } from '../hooks/alert-categories.ts';
import { type GeofenceLine, geofenceLines } from '../hooks/alerts-state.ts';
import { useAlerts } from '../hooks/alerts-store.ts';
import { clearGeofenceAlert } from '../hooks/clear-alerts.ts';
import { hideAlerts, showHiddenAlerts, useHiddenAlerts } from '../hooks/hidden-alerts.ts';
import { type ClearQuestion, ConfirmClearModal } from './confirm-clear-modal.tsx';
import { AlertReplayLink } from './alert-replay-link.tsx';
import { GeofenceWords } from './geofence-line.tsx';

interface RowProps {
  line: GeofenceLine;
  onHide(): void;
  onClear(): void;
  /** The replay link leaves the page: the drawer closes behind it. */
  onLeave(): void;
}

function DrawerRow({ line, onHide, onClear, onLeave }: RowProps) {
  const { t } = useTranslation();
  const reg = line.latest.registration;
  return (
    <li>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="center" opacity={line.vehiclealarm ? 1 : 0.6}>
        <Text size="sm" c="dark.8" style={{ minWidth: 0 }}>
          <GeofenceWords item={line.latest} />
          {line.count > 1 && (
            <Text span size="xs" c="dark.6">
              {' · '}
              {t('alerts.geofenceMore', { count: line.count - 1 })}
            </Text>
          )}
        </Text>
        <Group gap={4} wrap="nowrap">
          <AlertReplayLink unitid={line.unitid} time={line.latest.updated} vehicle={reg} look="icon" onClick={onLeave} />
          <Button variant="default" size="compact-sm" mih={44} loading={!line.vehiclealarm} onClick={onClear}
            aria-label={t('alerts.clearVehicle', { count: line.count, registration: reg })}>
            {t('alerts.clearShort')}
          </Button>
          <ActionIcon variant="subtle" color="dark" size={44} onClick={onHide}
            aria-label={t('alerts.hideFor', { registration: reg })} title={t('alerts.hideFor', { registration: reg })}>
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </li>
  );
}

/**
 * Every open geofence alert, one line per vehicle: ✕ hides a line on this browser; Clear clears the
 * vehicle's zone alerts for everyone, after saying so. A dialog named by its title; Esc closes it and
 * the focus goes back to the banner's button.
 */
export function GeofenceDrawer({ opened, onClose, siteId }: { opened: boolean; onClose(): void; siteId: number | null }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const site = useSessionUser()?.sitename ?? '';
  const { geofence } = useAlerts();
  const hidden = useHiddenAlerts(siteId);
  const [question, setQuestion] = useState<ClearQuestion | null>(null);
  const shown = geofence.filter((a) => !hidden.has(a.aid));
  const hiddenCount = geofence.length - shown.length;
  const lines = geofenceLines(shown);
  const open = new Set(geofence.map((a) => a.aid));
  const ask = (line: GeofenceLine) => {
    const registration = line.latest.registration;
    setQuestion({
      title: t('alerts.clearVehicleTitle', { count: line.count, registration }),
      message: t('alerts.clearVehicleMessage', { count: line.count, registration, site }),
      confirm: t('alerts.clearVehicleConfirm', { count: line.count }),
      run: () => clearGeofenceAlert(line.unitid, registration),
    });
  };

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 440}
        title={t('alerts.drawerTitle', { count: geofence.length })}
        closeButtonProps={{ 'aria-label': t('alerts.closeDrawer'), size: 44 }}
      >
        <Stack gap="sm">
          {lines.length === 0 && <Text size="sm">{t('alerts.noneOpen')}</Text>}
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('alerts.geofenceRegion')}>
            {lines.map((line) => (
              <DrawerRow
                key={line.unitid}
                line={line}
                onHide={() => hideAlerts(siteId, shown.filter((a) => a.unitid === line.unitid).map((a) => a.aid), open)}
                onClear={() => ask(line)}
                onLeave={onClose}
              />
            ))}
          </Stack>
          {hiddenCount > 0 && (
            <Group gap="xs">
              <IconEyeOff size={16} aria-hidden />
              <Text size="sm">{t('alerts.hiddenHere', { count: hiddenCount })}</Text>
              <Button variant="subtle" size="compact-sm" mih={44} onClick={() => showHiddenAlerts(siteId)}>
                {t('alerts.showHidden')}
              </Button>
            </Group>
          )}
          <Text size="xs" c="dark.6">
            {t('alerts.hideHint')}
          </Text>
          <Anchor component={Link} to={alertsPath('zone')} size="sm" fw={600} onClick={onClose}>
            {t('alerts.openZoneList')}
          </Anchor>
        </Stack>
      </Drawer>
      <ConfirmClearModal question={question} onClose={() => setQuestion(null)} />
    </>
  );
}
