import { Paper, Text } from '@mantine/core';
import type { FuelSummaryAnswer } from '@fleet/shared';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../shared/format/units.ts';
import { consumptionText, litresText, perHourText } from '../model/fuel-view.ts';
import classes from './fuel.module.css';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text size="xs" c="dark.5">{label}</Text>
      <Text fw={700} size="lg" className={classes.number} ta="left">{value}</Text>
    </Paper>
  );
}

/** The range's headline figures: consumption per distance (site's units) and per engine hour, fuel used, refuels and drops. */
export function FuelSummary({ s }: { s: FuelSummaryAnswer }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('fuel.summaryLabel')}>
      <div className={classes.figures}>
        <Figure label={t('fuel.fig.consumption')} value={consumptionText(s.per100km, s.unitSystem)} />
        <Figure label={t('fuel.fig.perHour')} value={perHourText(s.perHour)} />
        <Figure label={t('fuel.fig.used')} value={s.source === 'none' ? '–' : litresText(s.litres)} />
        <Figure label={t('fuel.fig.distance')} value={formatDistance(s.distanceKm, s.unitSystem)} />
        <Figure label={t('fuel.fig.hours')} value={`${s.engineHours.toFixed(1)} h`} />
        <Figure label={t('fuel.fig.refuels')} value={`${s.refuels} · ${litresText(s.refuelLitres)}`} />
        <Figure label={t('fuel.fig.drops')} value={`${s.drops} · ${litresText(s.dropLitres)}`} />
      </div>
      <Text size="xs" c="dark.5" mt={4}>{t(`fuel.source.${s.source}`)}</Text>
    </section>
  );
}
