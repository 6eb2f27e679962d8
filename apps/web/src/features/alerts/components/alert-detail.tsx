import { Button, CloseButton, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFullDate } from '../../../shared/format/time.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import { type AlertRecord, alertRecordQuery } from '../api/alerts-api.ts';
import type { BuiltAlertList } from '../hooks/alert-categories.ts';
import { alertState } from '../hooks/alert-rows.ts';
import { AlertClearButton } from './alert-clear-button.tsx';
import { AlertMap, hasPosition } from './alert-map.tsx';
import { AlertReplayLink } from './alert-replay-link.tsx';
import { AlertStateBadge, AlertTime, useAlertWhat } from './alert-text.tsx';
import { CATEGORY_LOOK } from './category-look.ts';
import classes from './alert-detail.module.css';
import type { PanicToAcknowledge } from './panic-ack-modal.tsx';

interface AlertDetailProps {
  siteId: number | null;
  list: BuiltAlertList;
  id: number;
  /** The record from the list on screen, shown at once while the record itself is asked for. */
  fromList: AlertRecord | undefined;
  onClose(): void;
  onAcknowledge(panic: PanicToAcknowledge): void;
}

/** '53.80080, -1.54910', as the server words a place without a POI. */
function position(a: AlertRecord): string {
  return `${a.lat.toFixed(5)}, ${a.lon.toFixed(5)}`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** alerts/:list/:id: one record's facts, links to the vehicle on the fleet view and to its replay, and its clear action. */
export function AlertDetail({ siteId, list, id, fromList, onClose, onAcknowledge }: AlertDetailProps) {
  const { t } = useTranslation();
  const now = useNow();
  const what = useAlertWhat();
  const query = useQuery({ ...alertRecordQuery(siteId, list, id), placeholderData: fromList });
  const alert = query.data;
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen reader users land on the record they opened.
  useEffect(() => {
    heading.current?.focus();
  }, [id]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="alert-detail-title" className={classes.panel}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={2} fz="h4" id="alert-detail-title" ref={heading} tabIndex={-1} className={classes.title}>
          {alert ? alert.vehicle : t('alertList.detailTitle', { id })}
        </Title>
        <CloseButton aria-label={t('alertList.closeDetail')} onClick={onClose} />
      </Group>
      {query.isError && !alert && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && !alert && (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={14} width="70%" />
          <Skeleton height={14} width="50%" />
          <Skeleton height={14} width="60%" />
        </Stack>
      )}
      {alert === null && <Text size="sm">{t('alertList.noSuchAlert')}</Text>}
      {alert && (
        <Stack gap="sm">
          <dl className={classes.facts}>
            <Fact label={t('alertList.columns.what')}>{what(alert)}</Fact>
            <Fact label={t('alertList.columns.where')}>{alert.loc}</Fact>
            {alert.loc !== position(alert) && <Fact label={t('alertList.position')}>{position(alert)}</Fact>}
            <Fact label={t('alertList.columns.when')}>
              <AlertTime value={alert.updated} now={now} />
              <Text size="xs" c="dimmed">
                {formatFullDate(alert.updated)}
              </Text>
            </Fact>
            <Fact label={t('alertList.columns.state')}>
              <AlertStateBadge alert={alert} color={CATEGORY_LOOK[list].color} />
              {alert.cleared && (
                <Text size="xs" c="dimmed">
                  {formatFullDate(alert.cleared)}
                </Text>
              )}
            </Fact>
            <Fact label={t('alertList.alertNumber')}>{alert.aid}</Fact>
          </dl>
          {hasPosition(alert.lat, alert.lon) && (
            <AlertMap lat={alert.lat} lon={alert.lon} color={CATEGORY_LOOK[list].color} />
          )}
          <Group gap="xs">
            <Button
              component={Link}
              to={`/tabs/tabs/fleet/${alert.aid}/${alert.uid}`}
              variant="default"
              size="compact-sm"
              leftSection={<IconMapPin size={14} aria-hidden />}
            >
              {t('alertList.showOnFleet')}
            </Button>
            {/* Also for a record the list does not show (an alert recorded late, or of another day, is not open). */}
            {list !== 'servicing' && <AlertReplayLink unitid={alert.uid} time={alert.updated} vehicle={alert.vehicle} look="button" />}
            {alertState(alert).open && (
              <AlertClearButton list={list} alert={alert} onAcknowledge={onAcknowledge} />
            )}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
