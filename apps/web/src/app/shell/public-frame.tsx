import '../../shared/styles/all.ts';
import { AppShell, Button } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { HeaderBar } from './header-bar.tsx';
import { SkipLink } from './skip-link.tsx';

/** Frame for shell pages opened while signed out: brand header, a sign-in button and the page. */
export function PublicFrame() {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 52 }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <HeaderBar user={null} showBurger={false} menuOpen={false} onBurger={() => undefined} />
      </AppShell.Header>
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0">
        <Outlet />
        <Button
          component={Link}
          to="/login"
          variant="light"
          mt="md"
          leftSection={<IconLogin2 size={16} aria-hidden />}
        >
          {t('login.submit')}
        </Button>
      </AppShell.Main>
    </AppShell>
  );
}
