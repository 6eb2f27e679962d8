import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { configListKeys, configListQuery, configRecordQuery, deleteConfigRecord } from '../../../shared/config-lists/config-list-api.ts';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { PatternFormModal } from '../components/pattern-form-modal.tsx';
import { emptyPattern, valuesOf } from '../model/pattern-form.ts';

const LIST = 'shiftpatterns';
interface Row { id: number; name: string; days: string; overtime: string; isDefault: boolean }

/** Loads a record, then opens the form on it. */
function EditPattern({ id, onClose }: { id: number; onClose(): void }) {
  const query = useQuery(configRecordQuery(LIST, id));
  if (query.isError) return <Modal opened onClose={onClose} title=""><ErrorState error={query.error} onRetry={() => void query.refetch()} /></Modal>;
  if (!query.data) return null;
  return <PatternFormModal id={id} initial={valuesOf(query.data)} onClose={onClose} />;
}

/** config/shiftpatterns (administrators): the site's shift patterns, held against the drivers' timesheets. */
export default function ShiftPatternsPage() {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const queryClient = useQueryClient();
  const query = useQuery(configListQuery(LIST));
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => deleteConfigRecord(LIST, id),
    onSuccess: async (a) => {
      setMessage({ ok: true, text: a.message ?? t('timesheets.patterns.removed') });
      await queryClient.invalidateQueries({ queryKey: configListKeys.all() });
    },
    onError: (e) => setMessage({ ok: false, text: errorText(e) }),
    onSettled: () => setRemoving(null),
  });
  const rows = (query.data?.records ?? []) as unknown as Row[];
  return (
    <Stack gap="sm" maw={960}>
      <Anchor component={Link} to="/tabs/tabs/config" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('timesheets.patterns.back')}</Group>
      </Anchor>
      <PageHeader
        title={t('timesheets.patterns.title')}
        description={t('timesheets.patterns.about')}
        actions={<Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(0)}>{t('timesheets.patterns.add')}</Button>}
      />
      {message && <Alert color={message.ok ? 'teal' : 'red'} c={message.ok ? 'teal.9' : 'red.9'} variant="light" withCloseButton onClose={() => setMessage(null)} role={message.ok ? 'status' : 'alert'}>{message.text}</Alert>}
      <Paper withBorder>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !query.data ? (
          <TableSkeleton rows={2} label={t('timesheets.patterns.title')} columns={[t('timesheets.patterns.name'), t('timesheets.patterns.days')]} />
        ) : rows.length === 0 ? (
          <Text p="md" size="sm">{t('timesheets.patterns.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table highlightOnHover aria-label={t('timesheets.patterns.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('timesheets.patterns.name')}</Table.Th>
                  <Table.Th>{t('timesheets.patterns.days')}</Table.Th>
                  <Table.Th>{t('timesheets.patterns.overtime')}</Table.Th>
                  <Table.Th><VisuallyHidden>{t('timesheets.actions')}</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td fw={600}>
                      <Group gap={6}>{r.name}{r.isDefault && <Badge size="sm" variant="light" color="teal" c="teal.9">{t('timesheets.patterns.default')}</Badge>}</Group>
                    </Table.Td>
                    <Table.Td>{r.days}</Table.Td>
                    <Table.Td>{r.overtime}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="compact-sm" variant="light" aria-label={t('timesheets.patterns.editOf', { name: r.name })} onClick={() => setEditing(r.id)}>{t('timesheets.patterns.edit')}</Button>
                        <Button size="compact-sm" variant="subtle" color="red" c="red.9" aria-label={t('timesheets.patterns.removeOf', { name: r.name })} onClick={() => setRemoving(r)}>{t('timesheets.remove.button')}</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {editing === 0 && <PatternFormModal id={0} initial={{ ...emptyPattern(), isDefault: rows.length === 0 }} onClose={() => setEditing(null)} />}
      {editing !== null && editing > 0 && <EditPattern id={editing} onClose={() => setEditing(null)} />}
      {removing && (
        <Modal opened onClose={() => setRemoving(null)} title={t('timesheets.patterns.removeTitle', { name: removing.name })} closeButtonProps={{ 'aria-label': t('timesheets.close') }}>
          <Stack gap="sm">
            <Text size="sm">{t('timesheets.patterns.removeEffect')}</Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setRemoving(null)}>{t('timesheets.cancel')}</Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(removing.id)}>{t('timesheets.patterns.removeConfirm')}</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
