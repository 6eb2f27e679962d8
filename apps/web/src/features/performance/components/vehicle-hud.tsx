import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { hudQuery } from '../api/performance-api.ts';
import { useEventText } from './event-list.tsx';
import { ScoreBadge } from './score-badge.tsx';

/** A vehicle's heads-up summary (gethud): today's and this week's score, its worst category, its latest events. */
export function VehicleHud({ unitId, timeZone }: { unitId: number; timeZone: string }) {
  const { t } = useTranslation();
  const hud = useQuery(hudQuery(unitId));
  const text = useEventText();
  if (hud.isPending) return <Skeleton height={160} />;
  if (hud.isError) return <ErrorState error={hud.error} onRetry={() => void hud.refetch()} />;
  const h = hud.data;
  const worst = h.week.worst ?? h.today.worst;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={`hud-${unitId}`} data-testid="vehicle-hud">
      <Title order={3} fz="h5" id={`hud-${unitId}`}>{t('performance.hud.title', { registration: h.registration })}</Title>
      {h.driver && <Text size="sm" c="dimmed">{t('performance.hud.driver', { name: h.driver })}</Text>}
      <Group gap="lg" mt="xs">
        <Stack gap={2}><Text size="xs" c="dimmed">{t('performance.hud.today')}</Text><ScoreBadge score={h.today.score} /></Stack>
        <Stack gap={2}><Text size="xs" c="dimmed">{t('performance.hud.week')}</Text><ScoreBadge score={h.week.score} /></Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">{t('performance.hud.worst')}</Text>
          <Text size="sm" fw={600}>{worst ? t(`performance.category.${worst}`) : t('performance.hud.noneWorst')}</Text>
        </Stack>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">{t('performance.hud.latest')}</Text>
      {h.latest.length === 0 ? <Text size="sm">{t('performance.noEvents')}</Text> : (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {h.latest.slice(0, 5).map((e) => <li key={`${e.kind}-${e.at}`}><Text size="sm" span>{text(e, timeZone, true)}</Text></li>)}
        </ul>
      )}
    </Paper>
  );
}
