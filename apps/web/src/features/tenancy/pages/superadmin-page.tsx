import { isSuperAdmin } from '@fleet/shared';
import { Accordion, Badge, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { companiesQuery } from '../api/tenancy-api.ts';
import { SiteList } from '../components/site-list.tsx';
import { UnknownDevicesPanel } from '../components/unknown-devices-panel.tsx';
import { CustomersPanel } from '../components/estate/customers-panel.tsx';
import { EstateSearch } from '../components/estate/estate-search.tsx';
import { UnitTypesPanel } from '../components/estate/unit-types-panel.tsx';

/**
 * superadmin and suoperadmin (one page, issue 15). Super administrators: the estate of their brand
 * (customers, their sites and units, unit types with their IO maps, unknown devices) with a search
 * across it; site administrators (who reach this page too): a search of their sites and the switcher.
 */
export default function SuperadminPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [openCid, setOpenCid] = useState<number | null>(null);
  const [tab, setTab] = useState<string | null>('customers');
  if (!isSuperAdmin(user?.usertype)) {
    return <SiteSwitchList search />;
  }
  return (
    <Stack gap="sm" maw={1200}>
      <PageHeader title={t('pages.superadmin')} description={t('estate.intro')} />
      <EstateSearch
        onOpen={(cid) => {
          setTab('customers');
          setOpenCid(cid);
        }}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="customers">{t('estate.tabCustomers')}</Tabs.Tab>
          <Tabs.Tab value="unittypes">{t('estate.tabUnitTypes')}</Tabs.Tab>
          <Tabs.Tab value="switch">{t('estate.tabSwitch')}</Tabs.Tab>
          <Tabs.Tab value="unknown">{t('estate.tabUnknown')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="customers" pt="sm">
          <CustomersPanel openCid={openCid} onOpen={setOpenCid} />
        </Tabs.Panel>
        <Tabs.Panel value="unittypes" pt="sm">
          <UnitTypesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="switch" pt="sm">
          <SiteSwitchList embedded />
        </Tabs.Panel>
        <Tabs.Panel value="unknown" pt="sm">
          <UnknownDevicesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Every customer the caller may pick with its sites, and 'Switch to' on each site. */
function SiteSwitchList({ embedded = false, search = false }: { embedded?: boolean; search?: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const query = useQuery(companiesQuery);
  // Only open customers load their sites; a super administrator may see hundreds of customers.
  const [open, setOpen] = useState<string[]>(() => (user?.customerid ? [String(user.customerid)] : []));
  const count = query.data ? t('superadmin.customers', { count: query.data.length }) : undefined;

  return (
    <Stack gap="sm" maw={900}>
      {!embedded && <PageHeader title={t('pages.superadmin')} count={count} description={t('superadmin.intro')} />}
      {search && <EstateSearch />}
      {query.isPending && (
        <Stack gap={6} aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Stack>
      )}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.length === 0 && (
        <EmptyState icon={<IconBuildingCommunity size={22} />} title={t('superadmin.empty')} />
      )}
      {query.isSuccess && query.data.length > 0 && (
        <Paper withBorder>
          <Accordion multiple value={open} onChange={setOpen} chevronPosition="left" transitionDuration={0}>
            {query.data.map((company) => (
              <Accordion.Item key={company.companyid} value={String(company.companyid)}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" pr="sm">
                    <Text fw={600} size="sm" truncate>
                      {company.name}
                    </Text>
                    <Badge variant="light" color="gray" c="dark.6" tt="none">
                      {t('superadmin.sites', { count: company.sites })}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {open.includes(String(company.companyid)) && <SiteList companyId={company.companyid} />}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Paper>
      )}
    </Stack>
  );
}
