import type { SessionUser } from '@fleet/shared';
import '../../shared/styles/all.ts';
import { AppShell, Drawer } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LogoutConfirmModal } from '../../features/auth/index.ts';
import { IS_MOBILE_DEVICE } from '../../shared/device/device.ts';
import { useWindowWidth } from '../../shared/device/use-window-width.ts';
import { rememberOpener } from '../../shared/ui/focus-return.ts';
import { HeaderBar } from './header-bar.tsx';
import { ShellBanners } from './shell-banners.tsx';
import { SideMenu } from './side-menu.tsx';
import { shouldShowSideMenu } from './side-menu-rule.ts';
import { SkipLink } from './skip-link.tsx';
import { installSignOutRules } from '../../shared/session/sign-out-rules.ts';

// Spec 8's sign-outs apply from the first signed-in page on (not carried by the login page).
installSignOutRules();

const NAV_WIDTH = 240;

/** The signed-in frame: header, the side menu (or a drawer), alert banners, the site message and the page. */
export function AppFrame({ user }: { user: SessionUser }) {
  const width = useWindowWidth();
  const showSide = shouldShowSideMenu({ isMobile: IS_MOBILE_DEVICE, width, startup: user.startup });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const { t } = useTranslation();
  // The logout button may sit in the drawer, which closes as the confirmation opens: focus then
  // returns to the menu button rather than to nothing.
  const logoutReturn = useRef<(() => void) | null>(null);

  const openLogout = () => {
    logoutReturn.current = rememberOpener();
    setLogoutOpen(true);
  };
  const closeLogout = () => {
    setLogoutOpen(false);
    logoutReturn.current?.();
    logoutReturn.current = null;
  };
  return (
    <AppShell
      header={{ height: 52 }}
      navbar={showSide ? { width: NAV_WIDTH, breakpoint: 0 } : undefined}
      padding="md"
      transitionDuration={0}
    >
      <SkipLink />
      <AppShell.Header>
        <HeaderBar
          user={user}
          showBurger={!showSide}
          menuOpen={drawerOpen}
          onBurger={() => setDrawerOpen((o) => !o)}
        />
      </AppShell.Header>
      {showSide && (
        <AppShell.Navbar>
          <SideMenu user={user} onLogout={openLogout} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0">
        <ShellBanners user={user} />
        <Outlet />
      </AppShell.Main>
      {/* The drawer is a dialog named after the menu it holds (its label sits on the dialog, not on a role-less wrapper). */}
      <Drawer.Root
        opened={drawerOpen && !showSide}
        onClose={() => setDrawerOpen(false)}
        size={280}
        padding={0}
        transitionProps={{ duration: 0 }}
      >
        <Drawer.Overlay />
        <Drawer.Content aria-label={t('shell.mainNav')}>
          <Drawer.Body h="100%">
            <SideMenu user={user} onLogout={openLogout} onNavigate={() => setDrawerOpen(false)} />
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      <LogoutConfirmModal opened={logoutOpen} onClose={closeLogout} />
    </AppShell>
  );
}
