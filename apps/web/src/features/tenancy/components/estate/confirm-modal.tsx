import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../../shared/ui/error-state.tsx';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What the action does and what else it affects. */
  children: ReactNode;
  confirmLabel: string;
  onClose(): void;
  /** Runs the action; a refusal's message (409 and the like) is shown in the modal. */
  action(): Promise<unknown>;
  onDone?(answer: unknown): void;
}

/** Asks before a destructive action, and shows why the server refused it. */
export function ConfirmModal({ opened, title, children, confirmLabel, onClose, action, onDone }: ConfirmModalProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const mutation = useMutation({ mutationFn: action, onSuccess: (answer) => { onDone?.(answer); close(); } });
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>{title}</Text>} centered>
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert" title={t('estate.refused')}>
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t('estate.cancel')}
          </Button>
          <Button color="red" loading={mutation.isPending} onClick={() => mutation.mutate()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
