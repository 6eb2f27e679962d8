import { Group } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../shared/device/use-online.ts';
import classes from './shell.module.css';

/** A clear bar while the browser is offline; queries refetch by themselves when it comes back. */
export function OfflineBar() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className={classes.offline} role="status" data-testid="offline-bar">
      <Group gap="xs" justify="center" wrap="nowrap">
        <IconWifiOff size={16} aria-hidden />
        <span>{t('app.offline')}</span>
      </Group>
    </div>
  );
}
