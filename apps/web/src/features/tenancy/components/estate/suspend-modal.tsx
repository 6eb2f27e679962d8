import type { EstateCustomer } from '@fleet/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../../shared/ui/error-state.tsx';
import { suspendCustomer } from '../../api/estate-api.ts';
import { tenancyKeys } from '../../api/tenancy-keys.ts';

const MAX_REASON = 200;

function SuspendForm({ customer, onClose }: { customer: EstateCustomer; onClose(): void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const suspend = customer.suspended === null;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: suspendCustomer,
    onSuccess: async (answer) => {
      notifications.show({ message: answer.message, color: 'teal' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: tenancyKeys.estateAll() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (suspend && !text) return setProblem(t('estate.reasonNeeded'));
    if (text.length > MAX_REASON) return setProblem(t('estate.reasonTooLong', { max: MAX_REASON }));
    setProblem(undefined);
    mutation.mutate(suspend ? { cid: customer.cid, suspend, reason: text } : { cid: customer.cid, suspend });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{suspend ? t('estate.suspendText', { name: customer.name, users: customer.users }) : t('estate.unsuspendText', { name: customer.name })}</Text>
        {suspend && (
          <Textarea label={t('estate.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={problem} required autosize minRows={2} data-autofocus />
        )}
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('estate.cancel')}
          </Button>
          <Button type="submit" color={suspend ? 'red' : undefined} loading={mutation.isPending}>
            {suspend ? t('estate.suspend') : t('estate.unsuspend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Suspends a customer (its users cannot sign in, their sessions end, the data stays) or lifts it. */
export function SuspendModal({ customer, onClose }: { customer: EstateCustomer | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={customer !== null}
      onClose={onClose}
      centered
      title={<Text fw={600}>{customer?.suspended === null ? t('estate.suspendTitle', { name: customer.name }) : t('estate.unsuspendTitle', { name: customer?.name ?? '' })}</Text>}
    >
      {customer && <SuspendForm key={customer.cid} customer={customer} onClose={onClose} />}
    </Modal>
  );
}
