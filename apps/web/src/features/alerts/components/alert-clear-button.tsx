import { Button } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertRecord } from '../api/alerts-api.ts';
import type { BuiltAlertList } from '../hooks/alert-categories.ts';
import { clearGeofenceAlert, clearRunOver, clearSpnAlerts } from '../hooks/clear-alerts.ts';
import type { PanicToAcknowledge } from './panic-ack-modal.tsx';

interface AlertClearButtonProps {
  list: BuiltAlertList;
  alert: AlertRecord;
  /** Panics are acknowledged through the spec's confirmation, which the page owns. */
  onAcknowledge(panic: PanicToAcknowledge): void;
  size?: 'compact-sm' | 'sm';
}

const CLEAR_LABEL = { zone: 'alertList.clearZoneFor', spn: 'alertList.clearSpnFor', runover: 'alertList.clearRunOverFor' } as const;

/** A panic is acknowledged one by one; zone and SPN alerts are cleared per vehicle (the server's calls). */
export function AlertClearButton({ list, alert, onAcknowledge, size = 'compact-sm' }: AlertClearButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (list === 'servicing') return null;
  if (list === 'panic') {
    return (
      <Button
        size={size}
        variant="light"
        color="red"
        leftSection={<IconCheck size={14} aria-hidden />}
        aria-label={t('alerts.acknowledgeFor', { vehicle: alert.vehicle })}
        onClick={() => onAcknowledge({ aid: alert.aid, vehicle: alert.vehicle })}
      >
        {t('alerts.acknowledge')}
      </Button>
    );
  }
  const clear = async () => {
    setBusy(true);
    try {
      if (list === 'zone') await clearGeofenceAlert(alert.uid, alert.vehicle);
      else if (list === 'runover') await clearRunOver(alert.aid, alert.vehicle);
      else await clearSpnAlerts(alert.uid, alert.vehicle);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      variant="default"
      leftSection={<IconX size={14} aria-hidden />}
      loading={busy}
      aria-label={t(CLEAR_LABEL[list], { vehicle: alert.vehicle })}
      title={t(CLEAR_LABEL[list], { vehicle: alert.vehicle })}
      onClick={() => void clear()}
    >
      {t('alertList.clear')}
    </Button>
  );
}
