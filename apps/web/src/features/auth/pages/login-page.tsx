import { Alert, Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { BrandLogo } from '../../../shared/brand/brand-logo.tsx';
import { useBrand } from '../../../shared/brand/brand-query.ts';
import { useRouteHandle } from '../../../shared/routing/route-handle.ts';
import { session, useSession } from '../../../shared/session/session-store.ts';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { LoginForm } from '../components/login-form.tsx';
import { openChangePassword } from '../hooks/change-password-store.ts';
import { landingPathFor } from '../hooks/landing.ts';

/** Sign-in page; also the page behind an e-mailed reset link (resetpassword/:email/:guid). */
export default function LoginPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { user, reason } = useSession();
  const resetMode = useRouteHandle()?.resetMode === true;
  const { email, guid } = useParams();
  useDocumentTitle(t('login.title'));

  useEffect(() => {
    if (resetMode && email && guid) openChangePassword({ mode: 'reset', email, guid });
  }, [resetMode, email, guid]);

  // A forced password change happens here, before the pages that the server closes until it is done.
  if (user && !resetMode && user.reset !== 1) return <Navigate to={landingPathFor(user)} replace />;

  return (
    <Center mih="100dvh" p="md" bg="gray.1">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={400} component="main">
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <BrandLogo brand={brand} height={52} />
            <Text size="sm" c="dimmed" mih="1.5em" data-testid="brand-strapline">
              {brand?.strapline}
            </Text>
            <Title order={1} fz="h3" mt="xs">
              {t('login.title')}
            </Title>
          </Stack>
          {reason && (
            <Alert
              color="orange"
              variant="light"
              title={t('login.signedOut')}
              withCloseButton
              closeButtonLabel={t('app.close')}
              onClose={() => session.clearReason()}
            >
              {reason}
            </Alert>
          )}
          <LoginForm />
          {brand?.privacyUrl && (
            <Text size="xs" ta="center">
              <Anchor href={brand.privacyUrl} target="_blank" rel="noreferrer" c="dimmed">
                {t('login.privacy')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
