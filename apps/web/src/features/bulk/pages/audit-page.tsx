import type { AuditLine, AuditLogQuery } from '@fleet/shared';
import { Badge, Button, Card, Group, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { auditLogQuery, downloadAuditCsv } from '../api/bulk-api.ts';
import { AuditLineDrawer } from '../components/audit-diff.tsx';
import { BackToConfig } from '../components/back-to-config.tsx';

const PAGE = 50;
type Filters = Omit<AuditLogQuery, 'offset' | 'limit'>;

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const targetOf = (l: AuditLine) => [l.targetKind, l.targetName || l.targetId].filter(Boolean).join(': ');

/** config/audit (administrators): the audit log, filtered and paged on the server, each line's before and after in a drawer. */
export default function AuditPage() {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(filters, 300);
  const query = useQuery(auditLogQuery({ ...debounced, offset: (page - 1) * PAGE, limit: PAGE }));
  const [open, setOpen] = useState<AuditLine | null>(null);
  const [exporting, setExporting] = useState(false);
  const [more, setMore] = useState(false);
  const set = (key: keyof Filters) => (value: string | null) => {
    setFilters((f) => ({ ...f, [key]: value || undefined }));
    setPage(1);
  };
  const data = query.data;
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(debounced);
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm">
      <BackToConfig />
      <PageHeader
        title={t('bulk.audit.title')}
        count={data ? t('bulk.audit.count', { count: data.total }) : undefined}
        description={t('bulk.audit.description')}
        actions={
          <Button variant="default" size="compact-sm" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void exportCsv()} loading={exporting}>
            {t('bulk.audit.exportCsv')}
          </Button>
        }
      />
      <Paper withBorder radius="sm" p="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing="xs" role="search" aria-label={t('bulk.audit.filters')}>
          <TextInput label={t('bulk.audit.q')} placeholder={t('bulk.audit.qHint')} value={filters.q ?? ''} onChange={(e) => set('q')(e.currentTarget.value)} />
          <Select
            label={t('bulk.audit.kindLabel')}
            data={[{ value: '', label: t('bulk.audit.kind.all') }, { value: 'change', label: t('bulk.audit.kind.change') }, { value: 'refusal', label: t('bulk.audit.kind.refusal') }]}
            value={filters.kind ?? ''}
            onChange={(v) => set('kind')(v)}
            allowDeselect={false}
          />
          {(!phone || more) && (
            <>
              <TextInput label={t('bulk.audit.actor')} value={filters.actor ?? ''} onChange={(e) => set('actor')(e.currentTarget.value)} />
              <TextInput label={t('bulk.audit.action')} placeholder="config.units" value={filters.action ?? ''} onChange={(e) => set('action')(e.currentTarget.value)} />
              <TextInput label={t('bulk.audit.targetKind')} placeholder={t('bulk.audit.targetHint')} value={filters.target ?? ''} onChange={(e) => set('target')(e.currentTarget.value)} />
              <TextInput type="date" label={t('bulk.audit.from')} value={filters.from ?? ''} onChange={(e) => set('from')(e.currentTarget.value)} />
              <TextInput type="date" label={t('bulk.audit.to')} value={filters.to ?? ''} onChange={(e) => set('to')(e.currentTarget.value)} />
            </>
          )}
          <Group align="flex-end" gap="xs">
            {phone && (
              <Button variant="default" onClick={() => setMore((m) => !m)} aria-expanded={more}>
                {more ? t('bulk.audit.fewer') : t('bulk.audit.more')}
              </Button>
            )}
            <Button variant="subtle" onClick={() => { setFilters({}); setPage(1); }} disabled={Object.keys(filters).every((k) => !filters[k as keyof Filters])}>
              {t('bulk.audit.clear')}
            </Button>
          </Group>
        </SimpleGrid>
      </Paper>
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && <TableSkeleton columns={[t('bulk.audit.col.at'), t('bulk.audit.col.actor'), t('bulk.audit.col.action'), t('bulk.audit.col.target')]} label={t('bulk.audit.title')} rows={6} />}
      {data && data.lines.length === 0 && (
        <Paper withBorder radius="sm">
          {Object.values(debounced).some(Boolean)
            ? <EmptyState icon={<IconHistory size={22} />} title={t('bulk.audit.empty')} hint={t('bulk.audit.emptyHint')} />
            : <EmptyState icon={<IconHistory size={22} />} title={t('bulk.audit.none')} hint={t('bulk.audit.noneHint')} />}
        </Paper>
      )}
      {data && data.lines.length > 0 && (phone ? (
        <Stack gap="xs" aria-label={t('bulk.audit.title')} role="list">
          {data.lines.map((l) => (
            <Card key={l.id} withBorder padding="sm" radius="sm" role="listitem">
              <UnstyledButton onClick={() => setOpen(l)} aria-label={t('bulk.audit.open', { action: l.action, when: when(l.at) })} style={{ display: 'block', width: '100%' }}>
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text size="sm" fw={600} truncate>{l.action}</Text>
                  <Badge size="sm" color={l.kind === 'refusal' ? 'red' : 'blue'} variant="light">{t(`bulk.audit.kind.${l.kind}`)}</Badge>
                </Group>
                <Text size="sm" truncate>{targetOf(l)}</Text>
                <Text size="xs" c="dimmed">{when(l.at)} · {l.actor}{l.siteName ? ` · ${l.siteName}` : ''}</Text>
                {l.detail && <Text size="xs" c="dimmed" lineClamp={2}>{l.detail}</Text>}
              </UnstyledButton>
            </Card>
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="sm">
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover stickyHeader verticalSpacing={6} aria-label={t('bulk.audit.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={160}>{t('bulk.audit.col.at')}</Table.Th>
                  <Table.Th>{t('bulk.audit.col.actor')}</Table.Th>
                  <Table.Th w={100}>{t('bulk.audit.col.kind')}</Table.Th>
                  <Table.Th>{t('bulk.audit.col.action')}</Table.Th>
                  <Table.Th>{t('bulk.audit.col.target')}</Table.Th>
                  <Table.Th>{t('bulk.audit.col.site')}</Table.Th>
                  <Table.Th>{t('bulk.audit.col.detail')}</Table.Th>
                  <Table.Th w={90}><VisuallyHidden>{t('bulk.audit.col.open')}</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.lines.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td><Text size="sm" title={l.at}>{when(l.at)}</Text></Table.Td>
                    <Table.Td>{l.actor}</Table.Td>
                    <Table.Td><Badge size="sm" color={l.kind === 'refusal' ? 'red' : 'blue'} variant="light">{t(`bulk.audit.kind.${l.kind}`)}</Badge></Table.Td>
                    <Table.Td><Text size="sm" ff="monospace">{l.action}</Text></Table.Td>
                    <Table.Td>{targetOf(l)}</Table.Td>
                    <Table.Td>{l.siteName ?? ''}</Table.Td>
                    <Table.Td><Text size="sm" lineClamp={2}>{l.detail}</Text></Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="light" onClick={() => setOpen(l)} aria-label={t('bulk.audit.open', { action: l.action, when: when(l.at) })}>
                        {t('bulk.audit.details')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
      {data && data.total > PAGE && (
        <Group justify="center">
          <Pagination total={Math.ceil(data.total / PAGE)} value={page} onChange={setPage} size="sm" getControlProps={(c) => ({ 'aria-label': c === 'previous' ? t('bulk.prev') : t('bulk.next') })} />
        </Group>
      )}
      <AuditLineDrawer line={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
