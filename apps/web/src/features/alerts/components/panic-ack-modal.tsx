import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgePanic } from '../hooks/clear-alerts.ts';

export interface PanicToAcknowledge {
  aid: number;
  vehicle: string;
}

/** The spec's panic acknowledgement: 'Confirm!', 'Acknowledge Panic for {vehicle}. are you sure?', 'Cancel' / 'Yes Please'. */
export function PanicAckModal({ alert, onClose }: { alert: PanicToAcknowledge | null; onClose(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!alert) return;
    setBusy(true);
    try {
      await acknowledgePanic(alert.aid);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal opened={alert !== null} onClose={onClose} title={t('alerts.confirmTitle')} centered size="sm">
      <Text size="sm">{t('alerts.confirmPanic', { vehicle: alert?.vehicle ?? '' })}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus disabled={busy}>
          {t('alerts.cancel')}
        </Button>
        <Button color="red.9" onClick={confirm} loading={busy}>
          {t('alerts.yesPlease')}
        </Button>
      </Group>
    </Modal>
  );
}
