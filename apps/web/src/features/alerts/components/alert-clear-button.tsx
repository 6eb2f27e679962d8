import { Button } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertRecord } from '../api/alerts-api.ts';
import type { BuiltAlertList } from '../hooks/alert-categories.ts';
import { formatHHmm } from '../../../shared/format/time.ts';
import { clearListedAlerts } from '../hooks/clear-alerts.ts';
import type { PanicToAcknowledge } from './panic-ack-modal.tsx';
import { useCanChange } from '../../../shared/session/use-can-change.ts';

interface AlertClearButtonProps {
  list: BuiltAlertList;
  alert: AlertRecord;
  /** Panics are acknowledged through the spec's confirmation, which the page owns. */
  onAcknowledge(panic: PanicToAcknowledge): void;
  size?: 'compact-sm' | 'sm';
  /** A touch-sized target (the phone's cards): at least 44 px high. */
  touch?: boolean;
}

/** A panic is acknowledged one by one (the spec's confirm); any other open alert is cleared by itself, for everyone. */
export function AlertClearButton({ list, alert, onAcknowledge, size = 'compact-sm', touch = false }: AlertClearButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // A viewer (issue 15) reads alerts but clears none.
  const canChange = useCanChange();
  if (list === 'servicing' || !canChange) return null;
  if (list === 'panic') {
    return (
      <Button
        size={size}
        variant="light"
        color="red.9"
        mih={touch ? 44 : undefined}
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
      await clearListedAlerts([alert.aid]);
    } finally {
      setBusy(false);
    }
  };
  const label = t('alertList.clearOne', { vehicle: alert.vehicle, time: formatHHmm(alert.updated) });
  return (
    <Button
      size={size}
      variant="default"
      mih={touch ? 44 : undefined}
      leftSection={<IconX size={14} aria-hidden />}
      loading={busy}
      aria-label={label}
      title={label}
      onClick={() => void clear()}
    >
      {t('alertList.clear')}
    </Button>
  );
}
