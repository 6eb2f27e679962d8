import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { shiftDay } from '../../../shared/format/day.ts';
import { useAskForData } from '../api/datarequests-api.ts';
import { daysInRange } from '../model/data-request-view.ts';

interface RequestFormProps {
  siteId: number;
  today: string;
  maxDays: number;
}

/** Which days to export (site days, both included); the server checks again and says what is wrong. */
export function RequestForm({ siteId, today, maxDays }: RequestFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const ask = useAskForData(siteId);
  const [from, setFrom] = useState(shiftDay(today, -7));
  const [to, setTo] = useState(shiftDay(today, -1));
  const days = daysInRange(from, to);
  const problem = days === null ? t('dataRequests.form.order') : days > maxDays ? t('dataRequests.form.tooLong', { max: maxDays }) : null;

  return (
    <Paper withBorder radius="sm" p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) ask.mutate({ from, to });
        }}
        aria-labelledby="data-request-form-title"
      >
        <Text id="data-request-form-title" fw={600} mb="xs">{t('dataRequests.form.title')}</Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput type="date" label={t('dataRequests.form.from')} value={from} max={today} required
            onChange={(e) => { setFrom(e.currentTarget.value); ask.reset(); }} />
          <TextInput type="date" label={t('dataRequests.form.to')} value={to} max={today} required
            error={problem ?? undefined} onChange={(e) => { setTo(e.currentTarget.value); ask.reset(); }} />
          <Button type="submit" mt={{ base: 0, xs: 25 }} leftSection={<IconFileZip size={16} aria-hidden />} loading={ask.isPending} disabled={problem !== null}>
            {t('dataRequests.form.submit')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {days !== null && !problem ? t('dataRequests.form.days', { count: days }) : ''} {t('dataRequests.form.what')}
        </Text>
        <div aria-live="polite">
          {ask.isError && <Text size="sm" c="red.8" mt="xs">{errorText(ask.error)}</Text>}
          {ask.isSuccess && <Text size="sm" c="green.9" mt="xs">{t('dataRequests.form.queued')}</Text>}
        </div>
      </form>
    </Paper>
  );
}
