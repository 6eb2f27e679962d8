import type { FmsReading } from '@fleet/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChartLine, IconClockExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CommandsPanel } from '../../../shared/commands/commands-panel.tsx';
import { VehicleFaults } from '../../../shared/faults/vehicle-faults.tsx';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { parseUnitId } from '../../../shared/routing/unit-links.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { RelativeTime, useNow } from '../../../shared/ui/relative-time.tsx';
import { unitEngineQuery } from '../api/engine-api.ts';
import classes from '../components/engine.module.css';
import { isStale, readingText, vehiclePageValues } from '../model/fms-table.ts';

const FLEET = '/tabs/tabs/fleetfmsv';
/** The explorer's page of a unit (the explorer feature's route). */
const explorerPath = (uid: number) => `/tabs/tabs/fmsv2explorer/${uid}`;
/** Groups in the order an engineer reads them. */
const GROUP_ORDER = ['engine', 'fuel', 'emissions', 'axles', 'service', 'faults', 'driving', 'device', 'inputs'];

function groupsOf(values: FmsReading[]): Array<[string, FmsReading[]]> {
  const by = new Map<string, FmsReading[]>();
  for (const r of values) by.set(r.group, [...(by.get(r.group) ?? []), r]);
  const rank = (g: string) => (GROUP_ORDER.indexOf(g) + 1 || GROUP_ORDER.length + 1);
  return [...by.entries()].sort(([a], [b]) => rank(a) - rank(b));
}

function Back() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={FLEET} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {t('engine.back')}
      </Group>
    </Anchor>
  );
}

/** fleetfmsv/:mid: one vehicle's latest values, grouped, with a way to the explorer. */
export function VehicleEngineView({ mid }: { mid: string }) {
  const { t } = useTranslation();
  const uid = parseUnitId(mid);
  const system = useUnitSystem();
  const now = useNow();
  const query = useQuery({ ...unitEngineQuery(uid ?? 0), enabled: uid !== null });
  if (uid === null) {
    return (
      <Stack gap="sm">
        <PageHeader title={t('engine.title')} />
        <Text>{t('engine.badVehicle')}</Text>
        <Back />
      </Stack>
    );
  }
  const fms = query.data;
  const values = fms ? vehiclePageValues(fms.values) : [];
  const stale = fms ? isStale(fms, now) : false;
  return (
    <Stack gap="sm">
      <Back />
      <PageHeader
        title={fms ? t('engine.vehicleTitle', { registration: fms.registration }) : t('engine.title')}
        description={fms ? (
          <Text span size="sm" c="dimmed" className={stale ? classes.stale : undefined}>
            {fms.unittype}
            {' · '}
            {stale && <IconClockExclamation size={14} aria-label={t('engine.staleIcon')} style={{ verticalAlign: '-2px', marginRight: 4 }} />}
            {fms.updated ? <>{t('engine.reported')} <RelativeTime value={fms.updated} now={now} /></> : t('engine.never')}
          </Text>
        ) : undefined}
        actions={
          <Button component={Link} to={explorerPath(uid)} variant="light" leftSection={<IconChartLine size={16} aria-hidden />}>
            {t('engine.explore')}
          </Button>
        }
      />
      {query.isPending && <LoadingMessage message={t('engine.loading')} />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {fms && values.length === 0 && <Text c="dimmed">{t('engine.noValues')}</Text>}
      {fms && fms.faultcodes.length > 0 && (
        <Group gap="xs" aria-label={t('engine.faultCodes')}>
          <Text size="sm" fw={600}>{t('engine.faultCodes')}</Text>
          {fms.faultcodes.map((c) => <Badge key={c} color="red" variant="light" tt="none">{c}</Badge>)}
        </Group>
      )}
      {values.length > 0 && (
        <div className={classes.groupGrid}>
          {groupsOf(values).map(([group, list]) => (
            <Paper key={group} withBorder p="sm" component="section" aria-labelledby={`group-${group}`}>
              <Title order={2} fz="sm" id={`group-${group}`} mb={6}>{t(`engine.group.${group}`, { defaultValue: group })}</Title>
              <dl className={classes.card} style={{ margin: 0 }}>
                {list.map((r) => (
                  <div key={r.id}>
                    <Text component="dt" size="xs" c="dimmed">{r.name}</Text>
                    <Text component="dd" size="sm" fw={600} m={0} className={stale ? classes.stale : undefined}>
                      <Anchor component={Link} to={explorerPath(uid)} c="inherit" underline="hover" title={t('engine.exploreValue', { name: r.name })}>
                        {readingText(r, system)}
                      </Anchor>
                    </Text>
                  </div>
                ))}
              </dl>
            </Paper>
          ))}
        </div>
      )}
      {/* Issue 16: the vehicle's fault episodes, and its device commands (administrators send; others read why not). */}
      <VehicleFaults uid={uid} />
      <CommandsPanel uid={uid} />
    </Stack>
  );
}
