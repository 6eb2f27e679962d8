import type { SessionUser } from '@fleet/shared';
import { AppShell, Drawer } from '@mantine/core';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { LogoutConfirmModal } from '../../features/auth/index.ts';
import { IS_MOBILE_DEVICE } from '../../shared/device/device.ts';
import { useWindowWidth } from '../../shared/device/use-window-width.ts';
import { HeaderBar } from './header-bar.tsx';
import { ShellBanners } from './shell-banners.tsx';
import { SideMenu } from './side-menu.tsx';
import { shouldShowSideMenu } from './side-menu-rule.ts';
import { SkipLink } from './skip-link.tsx';

const NAV_WIDTH = 240;

/** The signed-in frame: header, the side menu (or a drawer), alert banners, the site message and the page. */
export function AppFrame({ user }: { user: SessionUser }) {
  const width = useWindowWidth();
  const showSide = shouldShowSideMenu({ isMobile: IS_MOBILE_DEVICE, width, startup: user.startup });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);

  const openLogout = () => setLogoutOpen(true);
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
      <Drawer
        opened={drawerOpen && !showSide}
        onClose={() => setDrawerOpen(false)}
        size={280}
        padding={0}
        withCloseButton={false}
        aria-label={user.sitename}
      >
        <SideMenu user={user} onLogout={openLogout} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <LogoutConfirmModal opened={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </AppShell>
  );
}
