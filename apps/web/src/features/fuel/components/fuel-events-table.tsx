import { Table, Text } from '@mantine/core';
import type { FuelEvent } from '@fleet/shared';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '../../../shared/format/time.ts';
import { litresText } from '../model/fuel-view.ts';
import { DROP_COLOUR, REFUEL_COLOUR } from './fuel-chart.tsx';
import classes from './fuel.module.css';

const shortDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** The refuels and drops of the range, newest first: time, what, place, level before → after, litres. */
export function FuelEventsTable({ events, timeZone, id }: { events: FuelEvent[]; timeZone: string; id: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.tableWrap}>
      <Table id={id} striped highlightOnHover stickyHeader verticalSpacing={6} aria-label={t('fuel.eventsLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('fuel.col.time')}</Table.Th>
            <Table.Th scope="col">{t('fuel.col.kind')}</Table.Th>
            <Table.Th scope="col">{t('fuel.col.place')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>{t('fuel.col.level')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>{t('fuel.col.litres')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id} data-fuel-event={e.kind}>
              <Table.Td title={formatFullDate(e.start, timeZone)} className={classes.nowrap}>{shortDate(e.start, timeZone)}</Table.Td>
              <Table.Td className={classes.nowrap}>
                <Text span fw={600} c={e.kind === 'refuel' ? REFUEL_COLOUR : DROP_COLOUR}>
                  <span aria-hidden>{e.kind === 'refuel' ? '▲ ' : '▼ '}</span>
                  {t(`fuel.kind.${e.kind}`)}
                </Text>
              </Table.Td>
              <Table.Td>{e.loc}</Table.Td>
              <Table.Td className={classes.number}>{`${litresText(e.before)} → ${litresText(e.after)}`}</Table.Td>
              <Table.Td className={classes.number}>{`${e.kind === 'refuel' ? '+' : '−'}${litresText(e.litres)}`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
