import type { TimesheetSheet } from '@fleet/shared';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '../../../shared/format/time.ts';
import { auditLine, shortTime } from '../model/audit-text.ts';

/** The sheet's audit trail, oldest first: when, who, what, before, after. */
export function AuditTrail({ sheet }: { sheet: TimesheetSheet }) {
  const { t } = useTranslation();
  const zone = sheet.site.timezone;
  if (sheet.audit.length === 0) return <Text size="sm" c="dark.6">{t('timesheets.audit.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={4} fz="sm" aria-label={t('timesheets.audit.title')} data-testid="timesheet-audit">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('timesheets.audit.when')}</Table.Th>
            <Table.Th>{t('timesheets.audit.who')}</Table.Th>
            <Table.Th>{t('timesheets.audit.what')}</Table.Th>
            <Table.Th>{t('timesheets.audit.before')}</Table.Th>
            <Table.Th>{t('timesheets.audit.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.audit.map((a) => {
            const line = auditLine(a, zone);
            return (
              <Table.Tr key={a.id}>
                <Table.Td title={formatFullDate(a.at, zone)} style={{ whiteSpace: 'nowrap' }}>{shortTime(a.at, zone)}</Table.Td>
                <Table.Td>{a.userName}</Table.Td>
                <Table.Td>{line.what === 'other' ? line.action : t(`timesheets.audit.${line.what}`)}</Table.Td>
                <Table.Td>{line.before}</Table.Td>
                <Table.Td>{line.after}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
