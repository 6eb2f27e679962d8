import type { TimesheetShiftRecord } from '@fleet/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { useCorrection } from '../api/corrections.ts';
import { shortTime } from '../model/audit-text.ts';

/** Asks before a shift is taken off the timesheet (it stays listed as removed, and in the audit). */
export function RemoveShiftModal({ record, timeZone, onClose }: { record: TimesheetShiftRecord; timeZone: string; onClose(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const correction = useCorrection();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={t('timesheets.remove.title')} closeButtonProps={{ 'aria-label': t('timesheets.close') }}>
      <Stack gap="sm">
        <Text size="sm">
          {t('timesheets.remove.question', { start: shortTime(record.start, timeZone), end: shortTime(record.end, timeZone) })}
        </Text>
        <Text size="sm" c="dark.6">{t('timesheets.remove.effect')}</Text>
        {problem && <Alert color="red" variant="light" role="alert" c="red.9">{problem}</Alert>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>{t('timesheets.cancel')}</Button>
          <Button color="red" loading={correction.isPending}
            onClick={() => correction.mutate({ call: 'removetimesheetrecord', body: { id: record.id } }, { onSuccess: onClose, onError: (e) => setProblem(errorText(e)) })}>
            {t('timesheets.remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
