import { categoriesOf, SCORE_CATEGORIES } from '@fleet/shared';
import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../../shared/format/use-units.ts';
import type { LeagueAnswer } from '../api/performance-api.ts';
import classes from './performance.module.css';
import { ScoreBadge } from './score-badge.tsx';

type Row = LeagueAnswer['drivers'][number];

function Trend({ value }: { value: number | null }) {
  const { t } = useTranslation();
  if (value === null || value === 0) return <span>{value === 0 ? t('performance.trend.same') : '–'}</span>;
  const up = value > 0;
  const Icon = up ? IconArrowUpRight : IconArrowDownRight;
  return (
    <span className={`${classes.trend} ${up ? classes.up : classes.down}`} title={t(up ? 'performance.trend.up' : 'performance.trend.down', { n: Math.abs(value) })}>
      <Icon size={14} aria-hidden /> {up ? '+' : '−'}{Math.abs(value)}
      <VisuallyHidden>{t(up ? 'performance.trend.up' : 'performance.trend.down', { n: Math.abs(value) })}</VisuallyHidden>
    </span>
  );
}

/** The league: rank, driver (a button that opens the driver), score, trend, distance and events per 100 km or mi (the site's unit) by category. */
export function LeagueTable({ rows, selected, onSelect }: { rows: Row[]; selected: number | null; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const units = useUnits();
  return (
    <div className={classes.tableWrap} tabIndex={0} role="region" aria-labelledby="league-caption">
      <Table verticalSpacing={4} horizontalSpacing="sm" fz="sm" miw={760} highlightOnHover data-testid="league-table">
        <caption id="league-caption"><VisuallyHidden>{t('performance.league.caption')}</VisuallyHidden></caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.num}>{t('performance.league.rank')}</Table.Th>
            <Table.Th>{t('performance.league.driver')}</Table.Th>
            <Table.Th>{t('performance.league.score')}</Table.Th>
            <Table.Th>{t('performance.league.trend')}</Table.Th>
            <Table.Th className={classes.num}>{t('performance.league.distance')}</Table.Th>
            {SCORE_CATEGORIES.map((c) => (
              <Table.Th key={c} className={classes.num} title={t('performance.per100', { unit: units.distanceUnit })}>{t(`performance.category.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const counts = categoriesOf(r.counts);
            return (
              <Table.Tr key={r.driverid} className={r.driverid === selected ? classes.selected : undefined} data-testid="league-row">
                <Table.Td className={classes.num}>{r.rank ?? '–'}</Table.Td>
                <Table.Td>
                  <UnstyledButton className={classes.driverButton} onClick={() => onSelect(r.driverid)} aria-pressed={r.driverid === selected}>
                    {r.name}
                  </UnstyledButton>
                  <div>{r.vehicles.join(', ')}</div>
                </Table.Td>
                <Table.Td><ScoreBadge score={r.score} /></Table.Td>
                <Table.Td><Trend value={r.trend} /></Table.Td>
                <Table.Td className={classes.num}>{units.distance(r.km)}</Table.Td>
                {SCORE_CATEGORIES.map((c) => (
                  <Table.Td key={c} className={classes.num}>{units.per100(counts[c], r.km)}</Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
