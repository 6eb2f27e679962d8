import type { SessionUser } from '@fleet/shared';
import { Burger, Divider, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SiteSwitcher } from '../../features/tenancy/index.ts';
import { BrandLogo } from '../../shared/brand/brand-logo.tsx';
import { useBrand } from '../../shared/brand/brand-query.ts';
import { FOCUS_FALLBACK_ATTR } from '../../shared/ui/focus-return.ts';
import classes from './shell.module.css';

interface HeaderBarProps {
  user: SessionUser | null;
  showBurger: boolean;
  menuOpen: boolean;
  onBurger(): void;
}

/** Brand and the site name, which is the site switcher for users with more than one site; a burger opens the menu where the side menu is not shown. */
export function HeaderBar({ user, showBurger, menuOpen, onBurger }: HeaderBarProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {showBurger && (
          <Burger
            opened={menuOpen}
            onClick={onBurger}
            size="sm"
            className={classes.burger}
            aria-label={t('shell.openMenu')}
            aria-expanded={menuOpen}
            data-testid="menu-burger"
            // A dialog opened from the drawer returns focus here once the drawer is gone.
            {...{ [FOCUS_FALLBACK_ATTR]: true }}
          />
        )}
        <BrandLogo brand={brand} height={30} />
        {user && (
          <>
            <Divider orientation="vertical" my={14} visibleFrom="xs" />
            <SiteSwitcher />
          </>
        )}
      </Group>
      {user && (
        <Text size="sm" c="dimmed" visibleFrom="md" truncate maw={220}>
          {user.name}
        </Text>
      )}
    </Group>
  );
}
