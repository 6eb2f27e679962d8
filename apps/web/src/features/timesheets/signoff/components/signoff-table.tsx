import { Button, Checkbox, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { TimesheetListEntry, TimesheetSignoffEntry } from '@fleet/shared';
import { IconDownload, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hoursMinutes } from '../../model/week.ts';
import { canSignOff, sheetState, signoffsOf } from '../model/signoff-state.ts';
import { SheetStateBadge } from './sheet-state-badge.tsx';

export interface SignoffTableProps {
  timesheets: TimesheetListEntry[];
  signoffs: TimesheetSignoffEntry[];
  picked: ReadonlySet<number>;
  onPick: (driverId: number, on: boolean) => void;
  onPickAll: (on: boolean) => void;
  onDownload: (signoffId: number) => void;
  /** Set for administrators: reopen a signed-off sheet. */
  onReopen?: (entry: TimesheetListEntry) => void;
}

/** The week's drivers: pick the open sheets, download every signed-off version, reopen (administrators). */
export function SignoffTable({ timesheets, signoffs, picked, onPick, onPickAll, onDownload, onReopen }: SignoffTableProps) {
  const { t } = useTranslation();
  const pickable = timesheets.filter((e) => canSignOff(sheetState(e, signoffs)));
  const all = pickable.length > 0 && pickable.every((e) => picked.has(e.driver.id));
  const some = pickable.some((e) => picked.has(e.driver.id));
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover stickyHeader miw={{ base: 300, sm: 640 }} verticalSpacing={6} data-testid="signoff-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox aria-label={t('timesheetSignoff.pickAll')} checked={all} indeterminate={some && !all} disabled={pickable.length === 0}
                onChange={(e) => onPickAll(e.currentTarget.checked)} />
            </Table.Th>
            <Table.Th>{t('timesheetSignoff.col.driver')}</Table.Th>
            <Table.Th>{t('timesheetSignoff.col.state')}</Table.Th>
            <Table.Th ta="right" visibleFrom="lg">{t('timesheetSignoff.col.shifts')}</Table.Th>
            <Table.Th ta="right">{t('timesheetSignoff.col.worked')}</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">{t('timesheetSignoff.col.overtime')}</Table.Th>
            <Table.Th ta="right" visibleFrom="lg">{t('timesheetSignoff.col.corrections')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('timesheetSignoff.col.pdfs')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {timesheets.map((e) => {
            const state = sheetState(e, signoffs);
            const versions = signoffsOf(e.id, signoffs);
            return (
              <Table.Tr key={e.driver.id} data-testid={`signoff-row-${e.driver.id}`}>
                <Table.Td>
                  <Checkbox aria-label={t('timesheetSignoff.pick', { name: e.driver.name })} checked={picked.has(e.driver.id)} disabled={!canSignOff(state)}
                    onChange={(ev) => onPick(e.driver.id, ev.currentTarget.checked)} />
                </Table.Td>
                <Table.Td><Text fw={600} size="sm">{e.driver.name}</Text></Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}><SheetStateBadge state={state} /></Table.Td>
                <Table.Td ta="right" visibleFrom="lg">{e.shifts}</Table.Td>
                <Table.Td ta="right">{hoursMinutes(e.workedS)} h</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">{hoursMinutes(e.overtimeS)} h</Table.Td>
                <Table.Td ta="right" visibleFrom="lg">{e.corrections}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    {versions.map((s) => (
                      <Button key={s.id} size="compact-sm" variant="default" leftSection={<IconDownload size={14} aria-hidden />}
                        aria-label={t('timesheetSignoff.downloadFor', { name: e.driver.name, version: s.version })} onClick={() => onDownload(s.id)}>
                        {t('timesheetSignoff.pdfVersion', { version: s.version })}
                      </Button>
                    ))}
                    {onReopen && state.kind === 'signedOff' && (
                      <Button size="compact-sm" variant="subtle" color="dark" leftSection={<IconLockOpen size={14} aria-hidden />}
                        aria-label={t('timesheetSignoff.reopenFor', { name: e.driver.name })} onClick={() => onReopen(e)}>
                        {t('timesheetSignoff.reopen')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
