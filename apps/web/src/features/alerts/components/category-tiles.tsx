import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALERT_LISTS, type AlertList, alertsPath, categoryCount } from '../hooks/alert-categories.ts';
import { useAlerts } from '../hooks/alerts-store.ts';
import { CATEGORY_LOOK } from './category-look.ts';
import classes from './category-tiles.module.css';

function CategoryTile({ list, count }: { list: AlertList; count: number | null | undefined }) {
  const { t } = useTranslation();
  const { icon: Icon, color } = CATEGORY_LOOK[list];
  const raised = typeof count === 'number' && count > 0;
  return (
    <Card
      component={Link}
      to={alertsPath(list)}
      withBorder
      padding="sm"
      className={classes.tile}
      data-raised={raised || undefined}
      style={{ '--tile-color': `var(--mantine-color-${color}-6)` } as CSSProperties}
      data-testid={`category-${list}`}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        <ThemeIcon variant={raised ? 'filled' : 'light'} color={raised ? color : 'gray'} size={32} aria-hidden>
          <Icon size={18} stroke={1.8} />
        </ThemeIcon>
        <Text fw={600} size="sm" lh={1.2}>
          {t(`dashboard.category.${list}`)}
        </Text>
      </Group>
      <div className={classes.figure}>
        {count === undefined && <Skeleton height={28} width={48} aria-hidden />}
        {count === null && (
          <Text size="sm" c="dimmed" data-testid="not-available">
            {t('dashboard.notAvailable')}
          </Text>
        )}
        {typeof count === 'number' && (
          <Text span className={classes.count}>
            {count}
            <Text span size="xs" c="dimmed" fw={500} ml={6}>
              {t('dashboard.open')}
            </Text>
          </Text>
        )}
      </div>
    </Card>
  );
}

/** The six alert categories (spec 2) with their open counts; each opens its list. */
export function CategoryTiles() {
  const { t } = useTranslation();
  const { counts } = useAlerts();
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4, xl: 7 }}
      spacing="sm"
      component="nav"
      aria-label={t('dashboard.categories')}
      aria-busy={counts === null}
    >
      {ALERT_LISTS.map((list) => (
        <CategoryTile key={list} list={list} count={categoryCount(counts, list)} />
      ))}
    </SimpleGrid>
  );
}
