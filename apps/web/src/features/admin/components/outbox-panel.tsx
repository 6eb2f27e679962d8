import { Button, Paper, Stack } from '@mantine/core';
import { IconMailOff, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { outboxQuery } from '../api/admin-api.ts';
import type { OutboxMail } from './mail-state.tsx';
import { MailViewerModal } from './mail-viewer-modal.tsx';
import { OUTBOX_COLUMNS, OutboxTable } from './outbox-table.tsx';

/** config/outbox: the mails the server queued or sent, each viewable. */
export function OutboxPanel() {
  const { t } = useTranslation();
  const query = useQuery(outboxQuery);
  const [viewing, setViewing] = useState<OutboxMail | null>(null);
  const mails = query.data;

  return (
    <Stack gap="sm">
      <PageHeader
        title={t('outbox.title')}
        count={mails ? t('outbox.count', { count: mails.length }) : undefined}
        description={t('config.outboxText')}
        actions={
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
          >
            {t('outbox.refresh')}
          </Button>
        }
      />
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      <Paper withBorder radius="sm">
        {query.isPending && (
          <TableSkeleton
            columns={OUTBOX_COLUMNS.map((c) => t(`outbox.${c}`))}
            label={t('outbox.title')}
            rows={5}
          />
        )}
        {mails?.length === 0 && (
          <EmptyState
            icon={<IconMailOff size={22} />}
            title={t('outbox.empty')}
            hint={t('outbox.emptyHint')}
          />
        )}
        {mails && mails.length > 0 && <OutboxTable mails={mails} onView={setViewing} />}
      </Paper>
      <MailViewerModal mail={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
