import { type EstateCustomer, MAX_RETENTION_MONTHS } from '@fleet/shared';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../../shared/ui/error-state.tsx';
import { saveCustomer } from '../../api/estate-api.ts';
import { tenancyKeys } from '../../api/tenancy-keys.ts';

const MAX_NAME = 80;

function CustomerForm({ customer, onClose }: { customer: EstateCustomer | null; onClose(): void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [name, setName] = useState(customer?.name ?? '');
  const [retention, setRetention] = useState<number | string>(customer?.retention ?? '');
  const [problem, setProblem] = useState<{ name?: string; retention?: string }>({});
  const mutation = useMutation({
    mutationFn: saveCustomer,
    onSuccess: async () => {
      notifications.show({ message: customer ? t('estate.customerSaved') : t('estate.customerAdded'), color: 'teal' });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenancyKeys.estateAll() }),
        queryClient.invalidateQueries({ queryKey: tenancyKeys.companies() }),
      ]);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof problem = {};
    const trimmed = name.trim();
    if (!trimmed) next.name = t('estate.nameNeeded');
    else if (trimmed.length > MAX_NAME) next.name = t('estate.nameTooLong', { max: MAX_NAME });
    const months = retention === '' ? null : Number(retention);
    if (months !== null && (!Number.isInteger(months) || months < 1 || months > MAX_RETENTION_MONTHS))
      next.retention = t('estate.retentionRange', { max: MAX_RETENTION_MONTHS });
    setProblem(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate({ cid: customer?.cid ?? 0, name: trimmed, retention: months });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('estate.customerName')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={problem.name} required data-autofocus />
        <NumberInput
          label={t('estate.retention')}
          description={t('estate.retentionHelp')}
          value={retention}
          onChange={setRetention}
          min={1}
          max={MAX_RETENTION_MONTHS}
          allowDecimal={false}
          allowNegative={false}
          error={problem.retention}
        />
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('estate.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {customer ? t('estate.save') : t('estate.addCustomer')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds (customer null) or edits a customer: its name and how many months of positions it keeps. */
export function CustomerFormModal({ opened, customer, onClose }: { opened: boolean; customer: EstateCustomer | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} centered title={<Text fw={600}>{customer ? t('estate.editCustomer', { name: customer.name }) : t('estate.newCustomer')}</Text>}>
      {opened && <CustomerForm key={customer?.cid ?? 0} customer={customer} onClose={onClose} />}
    </Modal>
  );
}
