import { isSuperAdmin } from '@fleet/shared';
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconArrowLeft, IconClockHour4, IconMail, IconMap2, IconRoute } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { loadVclTemplatesPage, VclTemplatesCard } from '../../checklists/index.ts';
import { loadShiftPatternsPage, ShiftPatternsCard } from '../../timesheets/index.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ConfigSectionCard } from '../../../shared/ui/config-section-card.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { BrandMapsPanel } from '../components/brand-maps-panel.tsx';
import { CabDevicesCard, CabDevicesPanel } from '../components/cab-devices-panel.tsx';
import { OutboxPanel } from '../components/outbox-panel.tsx';
import { SiteUnitsCard } from '../components/site-units-card.tsx';
import { WorkingHoursPanel } from '../components/working-hours-panel.tsx';

const CONFIG_BASE = '/tabs/tabs/config';
/** config/vcls: the check list templates, from the check lists feature (its own chunk). */
const VclTemplatesPage = lazy(loadVclTemplatesPage);
/** config/shiftpatterns: the site's shift patterns, from the timesheets feature (its own chunk). */
const ShiftPatternsPage = lazy(loadShiftPatternsPage);

/** config and config/:list[/:id[/:mode]] (administrators): the mail outbox and the site's working hours so far. */
export default function ConfigPage() {
  const { t } = useTranslation();
  const { list } = useParams();
  const superAdmin = isSuperAdmin(useSessionUser()?.usertype);

  if (list === 'outbox') return <OutboxPanel />;
  if (list === 'workinghours') return <WorkingHoursPanel />;
  if (list === 'cabdevices') return <CabDevicesPanel />;
  if (list === 'vcls') {
    return (
      <Suspense fallback={null}>
        <VclTemplatesPage />
      </Suspense>
    );
  }
  if (list === 'shiftpatterns') {
    return (
      <Suspense fallback={null}>
        <ShiftPatternsPage />
      </Suspense>
    );
  }
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
        <ConfigSectionCard icon={IconMail} title={t('config.outbox')} text={t('config.outboxText')} to={`${CONFIG_BASE}/outbox`} />
        <ConfigSectionCard icon={IconClockHour4} title={t('workingHours.title')} text={t('workingHours.cardText')} to={`${CONFIG_BASE}/workinghours`} />
        <SiteUnitsCard />
        <CabDevicesCard />
        <ConfigSectionCard icon={IconAdjustments} title={t('siteSettings.title')} text={t('siteSettings.cardText')} to="/tabs/tabs/fleetconfig" />
        <ConfigSectionCard icon={IconRoute} title={t('navigatorConfig.title')} text={t('navigatorConfig.cardText')} to="/tabs/tabs/navigatorconfig" />
        <VclTemplatesCard />
        <ShiftPatternsCard />
        {superAdmin && <ConfigSectionCard icon={IconMap2} title={t('brandMaps.title')} text={t('brandMaps.cardText')} to={`${CONFIG_BASE}/maps`} variant="light" />}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('config.othersLater')}
      </Text>
    </Stack>
  );
}
