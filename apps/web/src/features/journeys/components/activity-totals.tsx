import type { ActivityTotals as Totals } from '@fleet/shared';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivityFormat } from './activity-format.ts';
import classes from './activity.module.css';

/** The day at a glance: trips, distance, driving, idling and stopped time, the first start and last end. */
export function ActivityTotals({ totals, format, checkins }: { totals: Totals; format: ActivityFormat; checkins: number | null }) {
  const { t } = useTranslation();
  const none = t('activity.none');
  const items: Array<[string, string, string]> = [
    ['trips', t('activity.totals.trips'), String(totals.trips)],
    ['distance', t('activity.totals.distance'), format.distance(totals.distanceM)],
    ['driving', t('activity.totals.driving'), format.duration(totals.drivingS)],
    ['idling', t('activity.totals.idling'), format.duration(totals.idleS)],
    ['stopped', t('activity.totals.stopped'), format.duration(totals.stopS)],
    ['firstStart', t('activity.totals.firstStart'), totals.firstStart ? format.time(totals.firstStart) : none],
    ['lastEnd', t('activity.totals.lastEnd'), totals.lastEnd ? format.time(totals.lastEnd) : none],
    ...(checkins === null ? [] : ([['checkins', t('activity.totals.checkins'), String(checkins)]] as Array<[string, string, string]>)),
  ];
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="activity-totals-title">
      <Text component="h2" id="activity-totals-title" fw={700} size="sm" mb={6}>
        {t('activity.totals.title')}
      </Text>
      <SimpleGrid component="dl" cols={{ base: 2, xs: 4, md: items.length }} spacing="xs" verticalSpacing="xs" className={classes.totals} data-testid="activity-totals">
        {items.map(([key, label, value]) => (
          <div key={key} className={classes.total} data-total={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
