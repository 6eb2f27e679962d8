import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../../shared/session/session-actions.ts';

/** The spec's logout confirmation: 'Logout of Application! Are you sure?' — 'No Thanks' / 'Yes please'. */
export function LogoutConfirmModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await signOut();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('logout.title')} centered size="sm">
      <Text size="sm">{t('logout.confirm')}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus disabled={busy}>
          {t('logout.no')}
        </Button>
        <Button onClick={confirm} loading={busy}>
          {t('logout.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
