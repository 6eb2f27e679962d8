import { isSuperAdmin } from '@fleet/shared';
import { Accordion, Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
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

/**
 * Super administrators: every customer with its sites, and 'Switch to' on each site; below, the
 * unknown devices (super administrators only: site administrators reach this page too).
 */
export default function SuperadminPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const query = useQuery(companiesQuery);
  // Only open customers load their sites; a super administrator may see hundreds of customers.
  const [open, setOpen] = useState<string[]>(() => (user?.customerid ? [String(user.customerid)] : []));
  const count = query.data ? t('superadmin.customers', { count: query.data.length }) : undefined;

  return (
    <Stack gap="sm" maw={900}>
      <PageHeader title={t('pages.superadmin')} count={count} description={t('superadmin.intro')} />
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
      {isSuperAdmin(user?.usertype) && <UnknownDevicesPanel />}
    </Stack>
  );
}
