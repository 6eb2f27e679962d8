import { Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type BrandFormValues, svgDataUrl } from '../model/brand-form.ts';

/** How the brand's sign-in page will look with the values being edited: logo, name, strapline, colour and favicon. */
export function BrandPreview({ values }: { values: BrandFormValues }) {
  const { t } = useTranslation();
  const colour = /^#[0-9a-fA-F]{6}$/.test(values.themeColor) ? values.themeColor : '#868e96';
  return (
    <Paper withBorder radius="sm" p={0} aria-label={t('brands.preview')} role="region" data-testid="brand-preview">
      <Box h={6} bg={colour} style={{ borderTopLeftRadius: 4, borderTopRightRadius: 4 }} />
      <Stack gap="sm" p="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('brands.preview')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Image src={svgDataUrl(values.faviconSvg)} w={20} h={20} fit="contain" alt={t('brands.faviconAlt')} />
          <Text size="sm" truncate>{values.name || t('brands.unnamed')}</Text>
        </Group>
        <Image src={svgDataUrl(values.logoSvg)} h={48} w="auto" maw="100%" fit="contain" alt={t('brands.logoAlt', { name: values.name })} style={{ alignSelf: 'flex-start' }} />
        <div>
          <Title order={2} fz="h4">{values.name || t('brands.unnamed')}</Title>
          {values.strapline && <Text size="sm" c="gray.7">{values.strapline}</Text>}
        </div>
        <Button color={colour} autoContrast style={{ alignSelf: 'flex-start' }} tabIndex={-1} aria-hidden>
          {t('brands.sampleButton')}
        </Button>
      </Stack>
    </Paper>
  );
}
