import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Last resort when a page fails to load or render (e.g. its code changed after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="100dvh" p="md" bg="gray.1">
      <Paper withBorder p="xl" maw={440} role="alert">
        <Stack gap="sm">
          <Title order={1} fz="h3">
            {t('app.errorTitle')}
          </Title>
          <Text size="sm">{t('app.errorText')}</Text>
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            {t('app.reload')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
