import { Group, NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../../shared/format/use-units.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { IconRoute } from '@tabler/icons-react';
import { driverRecentQuery, driverScoresQuery } from '../api/performance-api.ts';
import { RecentTrips } from './recent-trips.tsx';
import { VehicleHud } from './vehicle-hud.tsx';
import classes from './performance.module.css';
import { WeeksChart } from './weeks-chart.tsx';

const WEEKS = 8;

/** One driver: score per week (chart), the heads-up summary of a vehicle they drove, their recent trips with events. */
export function DriverPanel({ driverId, name }: { driverId: number; name: string }) {
  const { t } = useTranslation();
  const units = useUnits();
  const scores = useQuery(driverScoresQuery(driverId, WEEKS));
  const recent = useQuery(driverRecentQuery(driverId));
  const vehicles = [...new Map((recent.data?.trips ?? []).map((tr) => [tr.unitid, tr.registration])).entries()];
  const [chosen, setChosen] = useState<number | null>(null);
  const unitId = vehicles.some(([id]) => id === chosen) ? chosen : (vehicles[0]?.[0] ?? null);
  const timeZone = scores.data?.timezone ?? 'Europe/London';
  return (
    <Stack gap="md" component="section" aria-labelledby="driver-title" data-testid="driver-panel">
      <Title order={2} fz="h4" id="driver-title">{t('performance.driver.title', { name })}</Title>
      <div className={classes.pair}>
      <Paper withBorder p="sm">
        <Text size="sm" fw={600} mb={4}>{t('performance.driver.weeks', { n: WEEKS })}</Text>
        {scores.isPending ? <Skeleton height={200} /> : scores.isError ? <ErrorState error={scores.error} onRetry={() => void scores.refetch()} /> : (
          <WeeksChart weeks={scores.data.weeks} label={t('performance.driver.chartLabel', {
            name, list: scores.data.weeks.map((w) => t('performance.driver.weekLabel', { week: w.week, score: w.score ?? t('performance.band.none'), distance: units.distance(w.km) })).join(', '),
          })} />
        )}
      </Paper>
      {vehicles.length > 0 && unitId !== null && (
        <Stack gap={6}>
          {vehicles.length > 1 && (
            <Group>
              <NativeSelect label={t('performance.hud.vehicle')} value={String(unitId)} onChange={(e) => setChosen(Number(e.currentTarget.value))}
                data={vehicles.map(([id, reg]) => ({ value: String(id), label: reg }))} />
            </Group>
          )}
          <VehicleHud unitId={unitId} timeZone={timeZone} />
        </Stack>
      )}
      </div>
      <div>
        <Title order={3} fz="h5" mb={4}>{t('performance.recent.title')}</Title>
        {recent.isPending ? <Skeleton height={120} /> : recent.isError ? <ErrorState error={recent.error} onRetry={() => void recent.refetch()} />
          : recent.data.trips.length === 0 ? <EmptyState icon={<IconRoute />} title={t('performance.recent.none')} />
            : <RecentTrips trips={recent.data.trips} timeZone={timeZone} />}
      </div>
    </Stack>
  );
}
