import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconClipboardCheck, IconLogout, IconMap2, IconMessages, IconTruck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { signOut } from '../../../shared/session/session-actions.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { unassignDriver } from '../api/driver-api.ts';
import { useCabAssignment } from '../hooks/use-cab-assignment.ts';
import { forgetDriverRecord } from '../model/driver-record.ts';
import { useDriverShellExtras } from './driver-shell-extras.tsx';
import classes from './driver.module.css';

const TABS = [
  { to: '/tabs/tabs/vcl', key: 'checkList', Icon: IconClipboardCheck },
  { to: '/tabs/tabs/unitcheck', key: 'vehicle', Icon: IconTruck },
  { to: '/tabs/tabs/msg', key: 'messages', Icon: IconMessages },
  { to: '/tabs/tabs/map', key: 'map', Icon: IconMap2 },
] as const;

/** Takes the driver off the vehicle and signs out; the cab device then shows the driver's sign-in. */
export async function logOffVehicle(): Promise<void> {
  // Best effort: offline, the sign-out still happens on the device (the office sees it when the session ends).
  await unassignDriver().catch(() => undefined);
  forgetDriverRecord();
  await signOut({ to: '/tabs/tabs/popper' });
}

interface DriverShellProps {
  children: ReactNode;
  /** The page's heading (for the document and screen readers). */
  title?: string;
  /** What is waiting to be sent (the offline outbox's count), shown in the header. */
  pending?: ReactNode;
  /** Leaves the tab bar out (vehicle selection: no vehicle yet). */
  noTabs?: boolean;
}

/** The driver's frame: vehicle and driver at the top, log off, the four tabs at the bottom. */
export function DriverShell({ children, title, pending, noTabs }: DriverShellProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const record = useCabAssignment();
  const [confirm, setConfirm] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const extras = useDriverShellExtras();
  const waiting = extras.useWaitingCount();
  // Before a vehicle is picked there is nothing to log off from: the driver only signs out.
  const leaveText = record ? t('driver.logOff') : t('driver.signOut');
  return (
    <div className={classes.frame}>
      <header className={classes.header}>
        <div className={classes.who}>
          <div className={classes.registration} data-testid="driver-registration">
            {record?.registration ?? t('driver.noVehicle')}
          </div>
          <div className={classes.driverName} data-testid="driver-name">
            {user?.driver?.name ?? user?.name}
          </div>
        </div>
        {pending ?? extras.pending}
        <Button
          variant="white"
          color="#c92a2a"
          size="lg"
          leftSection={<IconLogout size={22} aria-hidden />}
          onClick={() => setConfirm(true)}
          className={classes.bigButton}
        >
          {leaveText}
        </Button>
      </header>
      <main className={classes.main} id="main">
        {title && (
          <Text component="h1" fz={22} fw={700} mb="sm">
            {title}
          </Text>
        )}
        {children}
      </main>
      {!noTabs && (
        <nav className={classes.tabs} aria-label={t('driver.tabsLabel')}>
          {TABS.map(({ to, key, Icon }) => (
            <NavLink key={key} to={to} className={classes.tab}>
              <Icon size={26} aria-hidden />
              <span>{t(`driver.tabs.${key}`)}</span>
              {key === 'messages' && extras.messagesBadge}
            </NavLink>
          ))}
        </nav>
      )}
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={leaveText} centered size="md">
        <Stack>
          <Text>{record ? t('driver.logOffText') : t('driver.signOutText')}</Text>
          {waiting > 0 && (
            <Text fw={600} data-testid="logoff-waiting">
              {t('driver.logOffWaiting', { count: waiting })}
            </Text>
          )}
          <Group justify="flex-end" grow>
            <Button variant="default" size="lg" onClick={() => setConfirm(false)} className={classes.bigButton}>
              {t('driver.cancel')}
            </Button>
            <Button
              color="red.9"
              size="lg"
              loading={leaving}
              className={classes.bigButton}
              onClick={() => {
                setLeaving(true);
                void logOffVehicle();
              }}
            >
              {leaveText}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}
