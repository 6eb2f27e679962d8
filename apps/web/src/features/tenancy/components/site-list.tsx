import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { customersQuery } from '../api/tenancy-api.ts';
import { usePickSite } from '../hooks/use-pick-site.ts';

/** The sites of one customer, each with a 'Switch to' button; the current site is marked. */
export function SiteList({ companyId, onPicked }: { companyId: number; onPicked?: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const query = useQuery(customersQuery(companyId));
  const pick = usePickSite(onPicked);

  if (query.isPending) {
    return (
      <Stack gap={6} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={30} />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const sites = query.data.flatMap((c) => c.sites);
  if (sites.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('switcher.noSites')}
      </Text>
    );

  return (
    <Stack gap={4}>
      {pick.isError && <ErrorState error={pick.error} />}
      {sites.map((site) => {
        const current = site.siteid === user?.siteid;
        const busy = pick.isPending && pick.variables?.siteId === site.siteid;
        return (
          <Group key={site.siteid} justify="space-between" wrap="nowrap" gap="sm" py={2}>
            <Text size="sm" truncate>
              {site.sitename}
            </Text>
            {current ? (
              <Badge variant="light" color="gray" c="dark.6" tt="none">
                {t('superadmin.current')}
              </Badge>
            ) : (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconArrowsExchange size={14} aria-hidden />}
                aria-label={t('superadmin.switchToSite', { site: site.sitename })}
                loading={busy}
                disabled={pick.isPending && !busy}
                onClick={() => pick.mutate({ companyId, siteId: site.siteid })}
              >
                {t('superadmin.switchTo')}
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
