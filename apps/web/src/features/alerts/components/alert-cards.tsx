import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import type { AlertRecord } from '../api/alerts-api.ts';
import { alertState } from '../hooks/alert-rows.ts';
import { AlertClearButton } from './alert-clear-button.tsx';
import { AlertReplayLink } from './alert-replay-link.tsx';
import { AlertStateBadge, AlertTime, useAlertWhat } from './alert-text.tsx';
import { type AlertsViewProps, GroupClear } from './alerts-table.tsx';
import { CATEGORY_LOOK } from './category-look.ts';
import classes from './alert-cards.module.css';

type CardsProps = Omit<AlertsViewProps, 'sort' | 'onSort'>;

/** Under 600 px: each alert a card, with When, State and Clear in view (no sideways scrolling). */
export function AlertCards({ list, alerts, groups, selectedId, detailHref, onAcknowledge, onClearGroup }: CardsProps) {
  const { t } = useTranslation();
  const now = useNow();
  const what = useAlertWhat();
  const cards = (items: AlertRecord[], label: string) => (
    <Stack component="ul" gap="xs" className={classes.list} aria-label={label}>
      {items.map((a) => (
        <Paper component="li" key={a.aid} withBorder p="sm" className={classes.card} data-selected={a.aid === selectedId || undefined}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Anchor component={Link} to={detailHref(a.aid)} fw={700} c="dark.8" className={classes.open} aria-current={a.aid === selectedId ? 'true' : undefined}>
              {a.vehicle}
            </Anchor>
            <AlertStateBadge alert={a} color={CATEGORY_LOOK[list].color} />
          </Group>
          <Text size="sm" mt={4} className={classes.what}>
            {what(a)}
          </Text>
          <Text size="sm" c="dark.6" lineClamp={2}>
            {a.loc}
          </Text>
          <Group justify="space-between" mt={6} wrap="nowrap" gap="xs">
            <Text size="sm">
              <Text span size="xs" c="dark.6" mr={6}>
                {t('alertList.columns.when')}
              </Text>
              <AlertTime value={a.updated} now={now} />
            </Text>
            <Group gap="xs" wrap="nowrap">
              {list !== 'servicing' && <AlertReplayLink unitid={a.uid} time={a.updated} vehicle={a.vehicle} look="button" />}
              {alertState(a).open && <AlertClearButton list={list} alert={a} onAcknowledge={onAcknowledge} touch />}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
  if (!groups) return <div className={classes.wrap}>{cards(alerts, t('alertList.cards', { list: t(`dashboard.category.${list}`) }))}</div>;
  return (
    <Stack gap="md" className={classes.wrap}>
      {groups.map((g) => (
        <section key={g.uid} aria-labelledby={`alert-group-${g.uid}`}>
          <Group justify="space-between" mb={6} gap="xs">
            <Title order={2} fz="sm" id={`alert-group-${g.uid}`}>
              {g.vehicle}{' '}
              <Text span size="xs" c="dark.6" fw={500}>
                {t('alertList.groupCount', { count: g.alerts.length })}
              </Text>
            </Title>
            {onClearGroup && <GroupClear group={g} onClear={onClearGroup} touch />}
          </Group>
          {cards(g.alerts, g.vehicle)}
        </section>
      ))}
    </Stack>
  );
}
