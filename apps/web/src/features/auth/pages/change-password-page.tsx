import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { openChangePassword } from '../hooks/change-password-store.ts';

/** The changepassword route: a page that opens the same modal as the menu item. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" maw={560}>
      <PageHeader title={t('pages.changepassword')} />
      <Paper withBorder p="md">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('changePasswordPage.text')}</Text>
          <Button
            leftSection={<IconKey size={16} aria-hidden />}
            onClick={() => openChangePassword({ mode: 'manual' })}
          >
            {t('changePasswordPage.open')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
