import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../../../shared/routing/route-handle.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

/** Every spec page that has no content yet: its title and a plain statement, never invented data. */
export default function UnavailablePage() {
  const { t } = useTranslation();
  const page = useRouteHandle()?.page;
  const title = page ? t(`pages.${page}`) : t('brand.fallbackName');
  return (
    <Stack gap="sm" maw={720}>
      <PageHeader title={title} />
      <Paper withBorder p="md">
        <Text>{t('unavailable', { title })}</Text>
      </Paper>
    </Stack>
  );
}
