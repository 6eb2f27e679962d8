import { Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useSaveSiteImage, useSaveSiteSettings } from '../api/site-settings-api.ts';

/** fleetconfig: the site image shown under the menu; upload a JPEG, PNG or WebP, or remove it. */
export function SiteImageCard({ image, siteName }: { image: string; siteName: string }) {
  const { t } = useTranslation();
  const upload = useSaveSiteImage();
  const remove = useSaveSiteSettings();
  const failed = upload.error ?? remove.error;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="site-image-title">
      <Stack gap="xs">
        <Title order={2} fz="md" id="site-image-title">{t('siteSettings.imageTitle')}</Title>
        <Text size="sm" c="dimmed">{t('siteSettings.imageText')}</Text>
        {image ? (
          <Image src={image} alt={t('siteSettings.imageAlt', { site: siteName })} mah={80} w="auto" fit="contain" style={{ alignSelf: 'flex-start' }} data-testid="site-image" />
        ) : (
          <Text size="sm">{t('siteSettings.noImage')}</Text>
        )}
        {failed && <ErrorState error={failed} />}
        <Group gap="xs">
          <FileButton
            accept="image/png,image/jpeg,image/webp"
            onChange={(file) => file && upload.mutate(file, { onSuccess: () => notifications.show({ color: 'teal', message: t('siteSettings.imageSaved') }) })}
          >
            {(props) => (
              <Button {...props} size="sm" variant="outline" leftSection={<IconPhoto size={16} aria-hidden />} loading={upload.isPending}>
                {image ? t('siteSettings.replaceImage') : t('siteSettings.uploadImage')}
              </Button>
            )}
          </FileButton>
          {image && (
            <Button size="sm" variant="subtle" color="#c92a2a" leftSection={<IconTrash size={16} aria-hidden />} loading={remove.isPending} onClick={() => remove.mutate({ image: '' })}>
              {t('siteSettings.removeImage')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
