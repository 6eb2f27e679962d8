import type { FmsColumn, FmsVehicle } from '@fleet/shared';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { isStale, readingText, valueOf } from '../model/fms-table.ts';
import classes from './engine.module.css';
import { vehiclePath } from './fms-table.tsx';

const Card = memo(function Card({ v, columns, now }: { v: FmsVehicle; columns: FmsColumn[]; now: Date }) {
  const { t } = useTranslation();
  const system = useUnitSystem();
  const stale = isStale(v, now);
  const shown = columns.filter((c) => valueOf(v, c.key));
  return (
    <Paper withBorder p="sm" component="li" data-unit={v.unitid}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Anchor component={Link} to={vehiclePath(v.unitid)} fw={700}>
          {v.registration}
        </Anchor>
        <Text size="xs" c={stale ? 'dimmed' : undefined} className={stale ? classes.stale : undefined}>
          {stale && <IconClockExclamation size={12} aria-label={t('engine.staleIcon')} style={{ verticalAlign: '-1px', marginRight: 3 }} />}
          {v.updated ? <RelativeTime value={v.updated} now={now} /> : t('engine.never')}
        </Text>
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">{t('engine.noValues')}</Text>
      ) : (
        <dl className={classes.card} style={{ margin: 0 }}>
          {shown.map((c) => (
            <div key={c.key}>
              <Text component="dt" size="xs" c="dimmed">{c.name}</Text>
              <Text component="dd" size="sm" fw={600} m={0} className={stale ? classes.stale : undefined}>
                {readingText(valueOf(v, c.key)!, system)}
              </Text>
            </div>
          ))}
        </dl>
      )}
    </Paper>
  );
});

/** The phone's view of the fleet table: a card per vehicle with the values its unit reports. */
export function FmsCards({ vehicles, columns, now }: { vehicles: FmsVehicle[]; columns: FmsColumn[]; now: Date }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('engine.title')}>
      {vehicles.map((v) => (
        <Card key={v.unitid} v={v} columns={columns} now={now} />
      ))}
    </Stack>
  );
}
