import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllStrings } from '../../i18n/i18n.ts';
import { applyUpdate, dismissUpdate } from './sw-update.ts';

/** The update prompt: a small card at the bottom, above everything, with Reload (the new version) and Later. */
export default function UpdateToast() {
  const { t } = useTranslation();
  useEffect(() => void loadAllStrings(), []);
  return (
    <Paper
      role="region"
      aria-label={t('pwa.updateReady')}
      shadow="lg"
      radius="md"
      p="md"
      withBorder
      style={{
        position: 'fixed', left: '50%', transform: 'translateX(-50%)', zIndex: 1000,
        bottom: 'calc(16px + env(safe-area-inset-bottom, 0px))', width: 'min(440px, calc(100vw - 24px))',
      }}
    >
      <div role="status">
        <Text fw={700}>{t('pwa.updateReady')}</Text>
        <Text size="sm" c="gray.8" mt={4}>
          {t('pwa.updateHint')}
        </Text>
      </div>
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="default" size="md" mih={48} onClick={dismissUpdate}>
          {t('pwa.later')}
        </Button>
        <Button size="md" mih={48} onClick={applyUpdate}>
          {t('pwa.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
