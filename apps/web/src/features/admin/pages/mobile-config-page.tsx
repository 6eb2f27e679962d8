import { isAdmin } from '@fleet/shared';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { CabDevicesPanel } from '../components/cab-devices-panel.tsx';

/** What someone who is not a site administrator reads on mobileconfig: how a device becomes a cab device. */
function HowToRegister({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('mobileConfig.title'));
  return (
    <Card withBorder padding="lg" maw={560} mx="auto" mt="lg">
      <Stack gap="sm" align="flex-start">
        <IconDeviceMobile size={32} aria-hidden />
        <Title order={1} fz="h3">{t('mobileConfig.title')}</Title>
        <Text>{t('mobileConfig.explain')}</Text>
        <Text>{signedIn ? t('mobileConfig.notAdmin') : t('mobileConfig.signIn')}</Text>
        {!signedIn && <Button component={Link} to="/login">{t('mobileConfig.signInButton')}</Button>}
      </Stack>
    </Card>
  );
}

/**
 * mobileconfig: the cab devices of the current site (registered devices, the driver on each now,
 * last contact, remove) for site administrators; anyone else, signed in or not, reads how a phone
 * or tablet becomes one. (The old client listed this route after its catch-all, so nobody reached it.)
 */
export default function MobileConfigPage() {
  const user = useSessionUser();
  if (user && isAdmin(user.usertype)) return <CabDevicesPanel />;
  return <HowToRegister signedIn={user !== null} />;
}
