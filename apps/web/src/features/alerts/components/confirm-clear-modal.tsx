import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ClearQuestion {
  /** 'Clear 3 zone alerts for YK21 ABC?' */
  title: string;
  /** What it affects: for everyone, the lists, the dashboard, the vehicle's alarm. */
  message: string;
  /** The confirm button: 'Clear 3 alerts'. */
  confirm: string;
  /** Resolves whether it was done; the question closes either way (a failure is notified). */
  run(): Promise<unknown>;
}

/** Asks before alerts are cleared for everyone; Cancel has the focus, so Enter never clears by accident. */
export function ConfirmClearModal({ question, onClose }: { question: ClearQuestion | null; onClose(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!question) return;
    setBusy(true);
    try {
      await question.run();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal opened={question !== null} onClose={onClose} title={question?.title} centered size="md" closeButtonProps={{ 'aria-label': t('alerts.closeQuestion') }}>
      <Text size="sm">{question?.message}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus disabled={busy} mih={44}>
          {t('alerts.cancel')}
        </Button>
        <Button color="red.8" onClick={() => void confirm()} loading={busy} mih={44}>
          {question?.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
