import { List, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DataRequestAuditLine } from '@fleet/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '../../../shared/format/time.ts';
import { formatBytes } from '../model/data-request-view.ts';

const ACTIONS = ['requested', 'ready', 'downloaded', 'cancelled', 'deleted', 'expired', 'failed'] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (a: string): a is Action => (ACTIONS as readonly string[]).includes(a);

/** What a line's detail says, in words (rows of a ready file, bytes downloaded, a reason). */
function detailText(line: DataRequestAuditLine, t: TFunction): string {
  const d = line.detail ?? {};
  if (line.action === 'ready' && typeof d.rows === 'number' && typeof d.bytes === 'number') {
    return t('dataRequests.audit.readyDetail', { rows: d.rows.toLocaleString('en-GB'), size: formatBytes(d.bytes) });
  }
  if (line.action === 'downloaded' && typeof d.bytes === 'number') return formatBytes(d.bytes);
  if (typeof d.reason === 'string') return d.reason;
  return '';
}

/** The request's audit: who did what, when, from which address. */
export function AuditLines({ lines, timeZone }: { lines: DataRequestAuditLine[]; timeZone: string }) {
  const { t } = useTranslation();
  // A phone gets one line per entry: four columns in 320 pixels break every word.
  const narrow = useMediaQuery('(max-width: 600px)');
  if (lines.length === 0) return null;
  const actionText = (line: DataRequestAuditLine) => (isAction(line.action) ? t(`dataRequests.audit.action.${line.action}`) : line.action);
  const whoText = (line: DataRequestAuditLine) => `${line.user === 'system' ? t('dataRequests.audit.server') : line.user}${line.ip ? ` (${line.ip})` : ''}`;
  return (
    <details>
      <summary><Text span size="sm" c="blue.9" style={{ cursor: 'pointer' }}>{t('dataRequests.audit.title', { count: lines.length })}</Text></summary>
      {narrow ? (
        <List size="sm" spacing={6} mt="xs" listStyleType="none">
          {lines.map((line, i) => (
            <List.Item key={`${line.at}-${i}`}>
              <Text span fw={600} size="sm">{actionText(line)}</Text>
              {` · ${formatFullDate(line.at, timeZone)} · ${whoText(line)}`}
              {detailText(line, t) ? ` · ${detailText(line, t)}` : ''}
            </List.Item>
          ))}
        </List>
      ) : (
        // No horizontal scrolling: the cells wrap (a scrolled region would need its own keyboard stop).
        <Table fz="sm" striped withTableBorder mt="xs" layout="fixed" style={{ overflowWrap: 'break-word' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dataRequests.audit.when')}</Table.Th>
              <Table.Th>{t('dataRequests.audit.what')}</Table.Th>
              <Table.Th>{t('dataRequests.audit.who')}</Table.Th>
              <Table.Th>{t('dataRequests.audit.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => (
              <Table.Tr key={`${line.at}-${i}`}>
                <Table.Td>{formatFullDate(line.at, timeZone)}</Table.Td>
                <Table.Td>{actionText(line)}</Table.Td>
                <Table.Td>{whoText(line)}</Table.Td>
                <Table.Td>{detailText(line, t)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </details>
  );
}
