import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatHHmm } from '../../../shared/format/time.ts';
import { useUnits } from '../../../shared/format/use-units.ts';
import type { RecentAnswer } from '../api/performance-api.ts';
import { dayText, EventList } from './event-list.tsx';
import classes from './performance.module.css';
import { ScoreBadge } from './score-badge.tsx';

/** A driver's latest trips: when, vehicle, distance, score and the events of each. */
export function RecentTrips({ trips, timeZone }: { trips: RecentAnswer['trips']; timeZone: string }) {
  const { t } = useTranslation();
  const units = useUnits();
  return (
    <div className={classes.tableWrap} tabIndex={0} role="region" aria-labelledby="recent-caption">
      <Table verticalSpacing={4} horizontalSpacing="sm" fz="sm" miw={560} data-testid="recent-trips">
        <caption id="recent-caption"><VisuallyHidden>{t('performance.recent.caption')}</VisuallyHidden></caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('performance.recent.when')}</Table.Th>
            <Table.Th>{t('performance.recent.vehicle')}</Table.Th>
            <Table.Th className={classes.num}>{t('performance.league.distance')}</Table.Th>
            <Table.Th>{t('performance.league.score')}</Table.Th>
            <Table.Th>{t('performance.recent.events')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((trip) => (
            <Table.Tr key={trip.id}>
              <Table.Td>{dayText(trip.start, timeZone)} {formatHHmm(trip.start, timeZone)}–{formatHHmm(trip.end, timeZone)}</Table.Td>
              <Table.Td>{trip.registration}</Table.Td>
              <Table.Td className={classes.num}>{units.distance(trip.km)}</Table.Td>
              <Table.Td><ScoreBadge score={trip.score} /></Table.Td>
              <Table.Td><EventList events={trip.events} timeZone={timeZone} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
