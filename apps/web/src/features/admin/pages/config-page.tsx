import { isSuperAdmin } from '@fleet/shared';
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconAdjustments, IconArrowLeft, IconCalendarTime, IconClockHour4, IconMail, IconMap2, IconMapPin, IconRoute, IconSteeringWheel, IconTool, IconTruck,
  IconUsers, IconUsersGroup,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { loadVclTemplatesPage, VclTemplatesCard } from '../../checklists/index.ts';
import { loadShiftPatternsPage, ShiftPatternsCard } from '../../timesheets/index.ts';
import { BrandsCard, loadBrandsPage } from '../../brands/index.ts';
import { AuditLogCard, BulkImportCard, loadAuditPage, loadImportPage } from '../../bulk/index.ts';
import { loadUsersPage } from '../../users/index.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ConfigSectionCard } from '../../../shared/ui/config-section-card.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { BrandMapsPanel } from '../components/brand-maps-panel.tsx';
import { ConfigListPage, isGenericList } from './config-list-page.tsx';
import { CabDevicesCard, CabDevicesPanel } from '../components/cab-devices-panel.tsx';
import { OutboxPanel } from '../components/outbox-panel.tsx';
import { SiteUnitsCard } from '../components/site-units-card.tsx';
import { WorkingHoursPanel } from '../components/working-hours-panel.tsx';

const CONFIG_BASE = '/tabs/tabs/config';
/** config/vcls: the check list templates, from the check lists feature (its own chunk). */
const VclTemplatesPage = lazy(loadVclTemplatesPage);
/** config/shiftpatterns: the site's shift patterns, from the timesheets feature (its own chunk). */
const ShiftPatternsPage = lazy(loadShiftPatternsPage);
/** config/brand: the brand editor and test text message (super administrators), from the brands feature (its own chunk). */
const BrandsPage = lazy(loadBrandsPage);
/** config/audit and config/import: the audit log, and bulk import and export, from the bulk feature (their own chunks). */
const AuditPage = lazy(loadAuditPage);
const ImportPage = lazy(loadImportPage);
/** config/users[/:id[/:mode]]: the site's accounts, from the users feature (its own chunk, issue 15). */
const UsersPage = lazy(loadUsersPage);

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
  if (list === 'audit') {
    return (
      <Suspense fallback={null}>
        <AuditPage />
      </Suspense>
    );
  }
  if (list === 'import') {
    return (
      <Suspense fallback={null}>
        <ImportPage />
      </Suspense>
    );
  }
  if (list === 'users') {
    return (
      <Suspense fallback={null}>
        <UsersPage />
      </Suspense>
    );
  }
  if (list === 'maps' && superAdmin) return <BrandMapsPanel />;
  if (list && isGenericList(list)) return <ConfigListPage list={list} />;
  if (list === 'brand' && superAdmin) {
    return (
      <Suspense fallback={null}>
        <BrandsPage />
      </Suspense>
    );
  }
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
        <ConfigSectionCard icon={IconSteeringWheel} title={t('configLists.lists.drivers.title')} text={t('configLists.lists.drivers.card')} to={`${CONFIG_BASE}/drivers`} />
        <ConfigSectionCard icon={IconTruck} title={t('configLists.lists.units.title')} text={t('configLists.lists.units.card')} to={`${CONFIG_BASE}/units`} />
        <ConfigSectionCard icon={IconUsersGroup} title={t('configLists.lists.groups.title')} text={t('configLists.lists.groups.card')} to={`${CONFIG_BASE}/groups`} />
        <ConfigSectionCard icon={IconMapPin} title={t('configLists.lists.poi.title')} text={t('configLists.lists.poi.card')} to={`${CONFIG_BASE}/poi`} />
        <ConfigSectionCard icon={IconTool} title={t('configLists.lists.serviceplans.title')} text={t('configLists.lists.serviceplans.card')} to={`${CONFIG_BASE}/serviceplans`} />
        <ConfigSectionCard icon={IconCalendarTime} title={t('configLists.lists.scheduledreports.title')} text={t('configLists.lists.scheduledreports.card')} to={`${CONFIG_BASE}/scheduledreports`} />
        <ConfigSectionCard icon={IconAdjustments} title={t('siteSettings.title')} text={t('siteSettings.cardText')} to="/tabs/tabs/fleetconfig" />
        <ConfigSectionCard icon={IconRoute} title={t('navigatorConfig.title')} text={t('navigatorConfig.cardText')} to="/tabs/tabs/navigatorconfig" />
        <VclTemplatesCard />
        <ShiftPatternsCard />
        <BrandsCard />
        <AuditLogCard />
        <BulkImportCard />
        <ConfigSectionCard icon={IconUsers} title={t('users.title')} text={t('users.description')} to={`${CONFIG_BASE}/users`} />
        {superAdmin && <ConfigSectionCard icon={IconMap2} title={t('brandMaps.title')} text={t('brandMaps.cardText')} to={`${CONFIG_BASE}/maps`} variant="light" />}
      </SimpleGrid>
    </Stack>
  );
}
