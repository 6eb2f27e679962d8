import type { DataRecord } from '@fleet/shared';
import { Loader, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '../../../shared/format/time.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { dataPointQuery } from '../api/get-data-point.ts';

interface RecordDetailsProps {
  uid: number;
  record: DataRecord | null;
  timeZone: string;
  onClose: () => void;
}

/** One record in full: place, fix and every IO value in words (journeys' getdatapoint). */
export function RecordDetails({ uid, record, timeZone, onClose }: RecordDetailsProps) {
  const { t } = useTranslation();
  const point = useQuery({ ...dataPointQuery(record?.id ?? '', record?.time ?? '', uid), enabled: record !== null });
  return (
    <Modal opened={record !== null} onClose={onClose} title={record ? t('explorer.recordTitle', { time: formatFullDate(record.time, timeZone) }) : ''} size="lg">
      {point.isError ? (
        <ErrorState error={point.error} onRetry={() => void point.refetch()} />
      ) : !point.data ? (
        <Loader size="sm" aria-label={t('explorer.loading')} />
      ) : (
        <>
          <Text size="sm" mb="xs">{point.data.loc} · {point.data.lat.toFixed(5)}, {point.data.lon.toFixed(5)} · {t('explorer.satellites', { n: point.data.satellites })}</Text>
          <Table fz="sm" data-explorer-point="">
            <Table.Tbody>
              {point.data.io.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Th scope="row">{i.name} <Text span c="dimmed" size="xs">({i.id})</Text></Table.Th>
                  <Table.Td>{i.text}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Modal>
  );
}
