import type { SessionUser } from '@fleet/shared';
import { Divider, Image, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { openChangePassword } from '../../features/auth/index.ts';
import { UnreadBadge } from '../../features/messages/index.ts';
import { activeLinkIndex, isExternalLink, toAppPath } from '../../shared/routing/app-link.ts';
import { menuIcon } from './menu-icons.ts';

/** The msg page, however the menu entry spells it ('/tabs/tabs/msg', '/msg?uid=3'). */
const isMessagesLink = (to: string) => /^(\/tabs\/tabs)?\/msg(\/|\?|$)/.test(to);

interface SideMenuProps {
  user: SessionUser;
  onLogout(): void;
  /** Called after an item is chosen (closes the drawer on small screens). */
  onNavigate?(): void;
}

/** The per-user menu (spec 2): entries, Change Password, Logout and the site image at the bottom. */
export function SideMenu({ user, onLogout, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const activeIndex = activeLinkIndex(
    user.menu.map((m) => m.olink || m.link),
    pathname,
  );
  return (
    <Stack component="nav" aria-label={t('shell.mainNav')} gap={0} h="100%" data-testid="side-menu">
      <Text fw={700} size="sm" px="md" pt="md" pb="xs" truncate title={user.sitename}>
        {user.sitename || t('shell.noSite')}
      </Text>
      <ScrollArea style={{ flex: 1 }} px="xs" type="scroll">
        {user.menu.map((item, index) => {
          const Icon = menuIcon(item.icon);
          const common = {
            label: item.name,
            leftSection: <Icon size={18} stroke={1.6} aria-hidden />,
            onClick: onNavigate,
          };
          if (isExternalLink(item.link)) {
            return (
              <NavLink
                key={`${item.name}-${item.link}`}
                component="a"
                href={item.link}
                target="_blank"
                rel="noreferrer"
                {...common}
              />
            );
          }
          const to = toAppPath(item.link);
          const active = index === activeIndex;
          // The Messages entry carries the count of unread messages from the cabs.
          const badge = isMessagesLink(to) ? <UnreadBadge /> : undefined;
          return (
            <NavLink
              key={`${item.name}-${item.link}`}
              component={Link}
              to={to}
              active={active}
              aria-current={active ? 'page' : undefined}
              rightSection={badge}
              {...common}
            />
          );
        })}
        <Divider my="xs" />
        <NavLink
          component="button"
          label={t('shell.changePassword')}
          leftSection={<IconKey size={18} stroke={1.6} aria-hidden />}
          onClick={() => {
            onNavigate?.();
            openChangePassword({ mode: 'manual' });
          }}
        />
        <NavLink
          component="button"
          label={t('shell.logout')}
          leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
          onClick={() => {
            onNavigate?.();
            onLogout();
          }}
        />
      </ScrollArea>
      {user.siteimg && (
        <Stack p="md" align="center">
          <Image
            src={user.siteimg}
            alt={t('shell.siteImage', { site: user.sitename })}
            mah={72}
            w="auto"
            fit="contain"
          />
        </Stack>
      )}
    </Stack>
  );
}
