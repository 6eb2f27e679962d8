import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceUnknown, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWindowWidth } from '../../../shared/device/use-window-width.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { unknownDevicesQuery } from '../api/tenancy-api.ts';
import { AddUnitModal } from './add-unit-modal.tsx';
import {
  COMPACT_UNKNOWN_DEVICE_COLUMNS,
  UNKNOWN_DEVICE_COLUMNS,
  type UnknownDevice,
  UnknownDevicesTable,
} from './unknown-devices-table.tsx';
import { rankUnknownDevices } from '../model/unknown-devices.ts';

const COMPACT_BELOW = 640;

/** Super administrators: devices that tried to report unregistered, and adding one to a site. */
export function UnknownDevicesPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useQuery(unknownDevicesQuery);
  const [adding, setAdding] = useState<UnknownDevice | null>(null);
  const compact = useWindowWidth() < COMPACT_BELOW;
  const devices = useMemo(
    () => (query.data ? rankUnknownDevices(query.data) : undefined),
    [query.data],
  );

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div>
          <Group gap="xs">
            <Title order={2} fz="h4" id={headingId}>
              {t('unknownDevices.title')}
            </Title>
            {devices && (
              <Badge variant="light" color="gray" c="dark.7" size="lg" radius="sm" tt="none" fw={600}>
                {t('unknownDevices.count', { count: devices.length })}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {t('unknownDevices.intro')}
          </Text>
        </div>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void query.refetch()}
          loading={query.isFetching && !query.isPending}
        >
          {t('unknownDevices.refresh')}
        </Button>
      </Group>
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      <Paper withBorder radius="sm">
        {query.isPending && (
          <TableSkeleton
            columns={(compact ? COMPACT_UNKNOWN_DEVICE_COLUMNS : UNKNOWN_DEVICE_COLUMNS).map((c) =>
              t(`unknownDevices.${c}`),
            )}
            label={t('unknownDevices.title')}
            rows={3}
          />
        )}
        {devices?.length === 0 && (
          <EmptyState
            icon={<IconDeviceUnknown size={22} />}
            title={t('unknownDevices.empty')}
            hint={t('unknownDevices.emptyHint')}
          />
        )}
        {devices && devices.length > 0 && (
          <UnknownDevicesTable devices={devices} onAdd={setAdding} compact={compact} />
        )}
      </Paper>
      <AddUnitModal device={adding} onClose={() => setAdding(null)} />
    </Stack>
  );
}
