import type { EstateCustomer } from '@fleet/shared';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconBuildingCommunity, IconDots, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../../shared/ui/error-state.tsx';
import { TableSkeleton } from '../../../../shared/ui/table-skeleton.tsx';
import { estateQuery } from '../../api/estate-api.ts';
import { CustomerDrawer } from './customer-drawer.tsx';
import { CustomerFormModal } from './customer-form-modal.tsx';
import { SuspendModal } from './suspend-modal.tsx';

/** The brand's customers: add, edit (name, retention), suspend; a row opens the customer's sites and units. */
export function CustomersPanel({ openCid, onOpen }: { openCid: number | null; onOpen(cid: number | null): void }) {
  const { t } = useTranslation();
  const query = useQuery(estateQuery);
  const [editing, setEditing] = useState<EstateCustomer | null | 'new'>(null);
  const [suspending, setSuspending] = useState<EstateCustomer | null>(null);
  const open = query.data?.find((c) => c.cid === openCid) ?? null;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {query.data ? t('estate.customerCount', { count: query.data.length }) : ''}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('estate.addCustomer')}
        </Button>
      </Group>
      {query.isPending && <TableSkeleton columns={[t('estate.customer'), t('estate.status')]} rows={5} label={t('estate.loading')} />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && <EmptyState icon={<IconBuildingCommunity size={22} />} title={t('superadmin.empty')} />}
      {query.isSuccess && query.data.length > 0 && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={0}>
            <Table highlightOnHover verticalSpacing={6} stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('estate.customer')}</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">{t('estate.sitesCol')}</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">{t('estate.unitsCol')}</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">{t('estate.usersCol')}</Table.Th>
                  <Table.Th visibleFrom="md">{t('estate.retentionCol')}</Table.Th>
                  <Table.Th>{t('estate.status')}</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('estate.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((c) => (
                  <Table.Tr key={c.cid}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" px={4} onClick={() => onOpen(c.cid)} aria-label={t('estate.openCustomer', { name: c.name })}>
                        {c.name}
                      </Button>
                      <Text size="xs" c="dimmed" hiddenFrom="sm" px={4}>
                        {t('estate.rowCounts', { sites: c.sites, units: c.units, users: c.users })}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">{c.sites}</Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">{c.units}</Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">{c.users}</Table.Td>
                    <Table.Td visibleFrom="md">{c.retention === null ? t('estate.keepAll') : t('estate.months', { count: c.retention })}</Table.Td>
                    <Table.Td>
                      {c.suspended ? (
                        <Badge color="red" variant="light" tt="none" title={c.reason}>
                          {t('estate.suspended')}
                        </Badge>
                      ) : (
                        <Badge color="teal" variant="light" tt="none">
                          {t('estate.active')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={t('estate.actionsFor', { name: c.name })}>
                            <IconDots size={18} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => onOpen(c.cid)}>{t('estate.sitesAndUnits')}</Menu.Item>
                          <Menu.Item onClick={() => setEditing(c)}>{t('estate.edit')}</Menu.Item>
                          <Menu.Item color={c.suspended ? undefined : 'red'} onClick={() => setSuspending(c)}>
                            {c.suspended ? t('estate.unsuspend') : t('estate.suspend')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <CustomerFormModal opened={editing !== null} customer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <SuspendModal customer={suspending} onClose={() => setSuspending(null)} />
      <CustomerDrawer customer={open} onClose={() => onOpen(null)} />
    </Stack>
  );
}
