import { LEAGUE_PERIODS, type LeaguePeriod, MIN_PERIOD_KM } from '@fleet/shared';
import { Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useUnits } from '../../../shared/format/use-units.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { leagueQuery } from '../api/performance-api.ts';
import { DriverPanel } from '../components/driver-panel.tsx';
import { LeagueTable } from '../components/league-table.tsx';
import classes from '../components/performance.module.css';
import { forgetPeriod, readPeriod, savePeriod } from '../model/navigator-period.ts';

/**
 * fleetnavigator: the site's drivers ranked by their driving score over a period, one driver's weeks,
 * trips and vehicle summary beside it. fleetnavigator/{reset}: forgets the period kept in this browser
 * and opens this week's league.
 */
export default function NavigatorPage() {
  const { t } = useTranslation();
  const units = useUnits();
  const siteId = useSessionUser()?.siteid ?? 0;
  const { reset } = useParams();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<LeaguePeriod>(() => {
    if (reset !== undefined) forgetPeriod(localStorage);
    return readPeriod(localStorage);
  });
  useEffect(() => {
    if (reset !== undefined) void navigate('..', { replace: true, relative: 'path' });
  }, [reset, navigate]);
  const league = useQuery(leagueQuery(siteId, period));
  const [selected, setSelected] = useState<number | null>(null);
  const rows = league.data?.drivers ?? [];
  const driver = rows.find((r) => r.driverid === selected) ?? rows[0] ?? null;
  const choose = (p: string) => {
    savePeriod(localStorage, p as LeaguePeriod);
    setPeriod(p as LeaguePeriod);
  };
  return (
    <Stack gap="sm">
      <PageHeader title={t('performance.title')} count={league.data ? t('performance.count', { count: rows.length }) : undefined}
        description={t('performance.description', { distance: units.distance(MIN_PERIOD_KM) })}
        actions={<SegmentedControl aria-label={t('performance.period.label')} value={period} onChange={choose}
          data={LEAGUE_PERIODS.map((p) => ({ value: p, label: t(`performance.period.${p}`) }))} />} />
      <div className={classes.layout}>
        <Paper withBorder p="sm" component="section" aria-label={t('performance.league.caption')}>
          {league.isPending ? <Skeleton height={240} /> : league.isError ? <ErrorState error={league.error} onRetry={() => void league.refetch()} />
            : rows.length === 0 ? <EmptyState icon={<IconTrophy />} title={t('performance.league.empty')} hint={t('performance.league.emptyHint')} />
              : (
                <>
                  <LeagueTable rows={rows} selected={driver?.driverid ?? null} onSelect={setSelected} />
                  <Text size="xs" c="dimmed" mt={6}>{t(units.system === 'imperial' ? 'performance.rulesImperial' : 'performance.rules')}</Text>
                </>
              )}
        </Paper>
        {driver && <DriverPanel key={driver.driverid} driverId={driver.driverid} name={driver.name} />}
      </div>
    </Stack>
  );
}
