import '../../../shared/styles/all.ts';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../shared/brand/brand-logo.tsx';
import { useBrand } from '../../../shared/brand/brand-query.ts';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';

/** The signed-out landing (spec: logout goes to /tabs/tabs/popper). */
export default function PopperPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  useDocumentTitle(t('popper.title'));
  return (
    <Center mih="100dvh" p="md" bg="gray.1">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={400} component="main">
        <Stack gap="md" align="center" ta="center">
          <BrandLogo brand={brand} height={56} />
          <Title order={1} fz="h2">
            {t('popper.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('popper.text', { name: brand?.name ?? t('brand.fallbackName') })}
          </Text>
          <Button component={Link} to="/login" leftSection={<IconLogin2 size={18} aria-hidden />} size="md">
            {t('popper.signIn')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
