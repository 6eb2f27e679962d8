import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash, IconX } from '@tabler/icons-react';
import type { DataRequest } from '@fleet/shared';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/format/day.ts';
import { formatFullDate } from '../../../shared/format/time.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { dataRequestFileUrl, useCancelDataRequest } from '../api/datarequests-api.ts';
import { formatBytes, isActive, percentDone, STATUS_COLOR } from '../model/data-request-view.ts';
import { AuditLines } from './audit-lines.tsx';

interface RequestCardProps {
  request: DataRequest;
  siteId: number;
  timeZone: string;
}

/** One request: its range, state, progress or file, the actions it allows, and its audit lines. */
export function RequestCard({ request: r, siteId, timeZone }: RequestCardProps) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const cancel = useCancelDataRequest(siteId);
  const range = r.from === r.to ? formatDay(r.from) : t('dataRequests.range', { from: formatDay(r.from), to: formatDay(r.to) });
  const percent = percentDone(r.progress.done, r.progress.total, r.status);
  const titleId = `data-request-${r.id}`;

  return (
    <Paper withBorder radius="sm" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text id={titleId} fw={600}>{range}</Text>
            <Text size="sm" c="dimmed">{t('dataRequests.asked', { user: r.user, when: formatFullDate(r.created, timeZone) })}</Text>
          </div>
          <Badge color={STATUS_COLOR[r.status]} variant="light" c="dark.7" tt="none" size="lg" radius="sm">{t(`dataRequests.status.${r.status}`)}</Badge>
        </Group>
        {isActive(r.status) && (
          <div>
            <Progress value={percent} animated={r.status === 'running'} aria-label={t('dataRequests.progressLabel', { range })} />
            <Text size="sm" mt={4} aria-live="polite">
              {r.status === 'queued' ? t('dataRequests.waiting') : t('dataRequests.progress', {
                text: r.progress.text, done: r.progress.done.toLocaleString('en-GB'), total: r.progress.total.toLocaleString('en-GB'), percent,
              })}
            </Text>
          </div>
        )}
        {r.status === 'ready' && (
          <Text size="sm">
            {t('dataRequests.ready', { size: formatBytes(r.bytes ?? 0), rows: (r.rows ?? 0).toLocaleString('en-GB') })}{' '}
            {r.expires && t('dataRequests.expires', { when: formatFullDate(r.expires, timeZone) })}
          </Text>
        )}
        {(r.status === 'failed' || r.status === 'cancelled' || r.status === 'expired') && r.error !== null && <Text size="sm" c="red.9">{r.error}</Text>}
        {r.status === 'expired' && <Text size="sm" c="dimmed">{t('dataRequests.expired')}</Text>}
        <Group gap="xs">
          {r.status === 'ready' && (
            <Button component="a" href={dataRequestFileUrl(r.id)} download={r.file ?? undefined} size="compact-sm" leftSection={<IconDownload size={14} aria-hidden />}>
              {t('dataRequests.download')}
            </Button>
          )}
          {(isActive(r.status) || r.status === 'ready') && (
            <Button variant="default" size="compact-sm" loading={cancel.isPending} onClick={() => cancel.mutate(r.id)}
              leftSection={r.status === 'ready' ? <IconTrash size={14} aria-hidden /> : <IconX size={14} aria-hidden />}>
              {r.status === 'ready' ? t('dataRequests.delete') : t('dataRequests.cancel')}
            </Button>
          )}
          {cancel.isError && <Text size="sm" c="red.8" role="alert">{errorText(cancel.error)}</Text>}
        </Group>
        <AuditLines lines={r.audit} timeZone={timeZone} />
      </Stack>
    </Paper>
  );
}
