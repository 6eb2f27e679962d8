import { isSuperAdmin } from '@fleet/shared';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconClockHour4, IconMail, IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { BrandMapsPanel } from '../components/brand-maps-panel.tsx';
import { OutboxPanel } from '../components/outbox-panel.tsx';
import { SiteUnitsCard } from '../components/site-units-card.tsx';
import { WorkingHoursPanel } from '../components/working-hours-panel.tsx';

const CONFIG_BASE = '/tabs/tabs/config';

/** config and config/:list[/:id[/:mode]] (administrators): the mail outbox and the site's working hours so far. */
export default function ConfigPage() {
  const { t } = useTranslation();
  const { list } = useParams();
  const superAdmin = isSuperAdmin(useSessionUser()?.usertype);

  if (list === 'outbox') return <OutboxPanel />;
  if (list === 'workinghours') return <WorkingHoursPanel />;
  if (list === 'maps' && superAdmin) return <BrandMapsPanel />;
  if (list) {
    return (
      <Stack gap="sm" maw={720}>
        <PageHeader title={t('pages.config')} />
        <Text>{t('config.listUnavailable', { list })}</Text>
        <Anchor component={Link} to={CONFIG_BASE} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {t('outbox.back')}
          </Group>
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" maw={960}>
      <PageHeader title={t('pages.config')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-label={t('config.sections')}>
        <Card withBorder padding="md">
          <Stack gap="xs" align="flex-start">
            <Group gap="xs">
              <IconMail size={18} aria-hidden />
              <Text fw={600}>{t('config.outbox')}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('config.outboxText')}
            </Text>
            <Button
              component={Link}
              to={`${CONFIG_BASE}/outbox`}
              size="compact-sm"
              variant="outline"
              aria-label={t('config.openSection', { section: t('config.outbox') })}
            >
              {t('config.open')}
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="xs" align="flex-start">
            <Group gap="xs">
              <IconClockHour4 size={18} aria-hidden />
              <Text fw={600}>{t('workingHours.title')}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('workingHours.cardText')}
            </Text>
            <Button
              component={Link}
              to={`${CONFIG_BASE}/workinghours`}
              size="compact-sm"
              variant="outline"
              aria-label={t('config.openSection', { section: t('workingHours.title') })}
            >
              {t('config.open')}
            </Button>
          </Stack>
        </Card>
        <SiteUnitsCard />
        {superAdmin && (
          <Card withBorder padding="md">
            <Stack gap="xs" align="flex-start">
              <Group gap="xs">
                <IconMap2 size={18} aria-hidden />
                <Text fw={600}>{t('brandMaps.title')}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t('brandMaps.cardText')}
              </Text>
              <Button
                component={Link}
                to={`${CONFIG_BASE}/maps`}
                size="compact-sm"
                variant="light"
                aria-label={t('config.openSection', { section: t('brandMaps.title') })}
              >
                {t('config.open')}
              </Button>
            </Stack>
          </Card>
        )}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('config.othersLater')}
      </Text>
    </Stack>
  );
}
