import type { DataRecord } from '@fleet/shared';
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '../../../shared/format/time.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { RECORDS_PAGE, recordsQuery } from '../api/get-records.ts';
import type { ViewRange } from '../model/view-range.ts';
import { RecordDetails } from './record-details.tsx';
import classes from './explorer.module.css';

interface RecordsTableProps {
  uid: number;
  range: ViewRange;
  /** The IO elements charted: their values are the table's columns. */
  columns: Array<{ id: string; label: string }>;
  timeZone: string;
}

/** The raw records of the visible range, a page at a time; a record opens in full (getdatapoint). */
export function RecordsTable({ uid, range, columns, timeZone }: RecordsTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ key: '', offset: 0 });
  const key = `${range.from}-${range.to}`;
  // A new range starts at its first page.
  const offset = page.key === key ? page.offset : 0;
  const records = useQuery(recordsQuery(uid, range.from, range.to, offset));
  const [open, setOpen] = useState<DataRecord | null>(null);

  if (records.isError) return <ErrorState error={records.error} onRetry={() => void records.refetch()} />;
  const list = records.data?.records ?? [];
  return (
    <section aria-labelledby="explorer-records">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text component="h2" fw={600} id="explorer-records">{t('explorer.records')}</Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.length > 0 ? t('explorer.recordsShown', { first: offset + 1, last: offset + list.length }) : records.isFetching ? t('explorer.loading') : t('explorer.noRecords')}
          </Text>
          <Button size="xs" variant="default" disabled={offset === 0} onClick={() => setPage({ key, offset: Math.max(0, offset - RECORDS_PAGE) })}>
            {t('explorer.previous')}
          </Button>
          <Button size="xs" variant="default" disabled={!records.data?.more} onClick={() => setPage({ key, offset: offset + RECORDS_PAGE })}>
            {t('explorer.next')}
          </Button>
        </Group>
      </Group>
      <div className={classes.tableWrap}>
        <Table striped highlightOnHover fz="sm" data-explorer-records="">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('explorer.time')}</Table.Th>
              <Table.Th>{t('explorer.speed')}</Table.Th>
              {columns.map((c) => <Table.Th key={c.id}>{c.label}</Table.Th>)}
              <Table.Th><VisuallyHidden>{t('explorer.details')}</VisuallyHidden></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td className={classes.cellTime}>
                  {formatFullDate(r.time, timeZone)}
                  {r.implausible && <Badge ml="xs" size="xs" color="orange" variant="light">{t('explorer.implausible')}</Badge>}
                </Table.Td>
                <Table.Td className={classes.cellTime}>{r.speed} km/h</Table.Td>
                {columns.map((c) => <Table.Td key={c.id}>{r.io.find((i) => i.id === c.id)?.text ?? '–'}</Table.Td>)}
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" onClick={() => setOpen(r)} aria-label={t('explorer.detailsOf', { time: formatFullDate(r.time, timeZone) })}>
                    {t('explorer.details')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <RecordDetails uid={uid} record={open} timeZone={timeZone} onClose={() => setOpen(null)} />
    </section>
  );
}
