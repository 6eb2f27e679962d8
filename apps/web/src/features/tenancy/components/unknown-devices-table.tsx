import type { unknownDeviceSchema } from '@fleet/shared';
import { ActionIcon, Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RelativeTime, useNow } from '../../../shared/ui/relative-time.tsx';
import { protocolName } from '../model/unknown-devices.ts';

export type UnknownDevice = z.infer<typeof unknownDeviceSchema>;

export const UNKNOWN_DEVICE_COLUMNS = [
  'deviceid',
  'protocol',
  'first',
  'last',
  'attempts',
  'address',
] as const;
/** On a phone two columns carry the same facts (protocol and address under the id, the rest under last). */
export const COMPACT_UNKNOWN_DEVICE_COLUMNS = ['deviceid', 'last'] as const;

const mono = { fontFamily: 'var(--mantine-font-family-monospace)' };

interface UnknownDevicesTableProps {
  devices: UnknownDevice[];
  onAdd(device: UnknownDevice): void;
  compact: boolean;
}

/** Unknown devices, the most attempts first (the server's order), each with 'Add to site'. */
export function UnknownDevicesTable({ devices, onAdd, compact }: UnknownDevicesTableProps) {
  const { t } = useTranslation();
  const now = useNow();
  const columns = compact ? COMPACT_UNKNOWN_DEVICE_COLUMNS : UNKNOWN_DEVICE_COLUMNS;
  const deviceId = (d: UnknownDevice) => (
    <Text size="sm" fw={600} style={mono}>
      {d.deviceid}
    </Text>
  );
  const protocol = (d: UnknownDevice) => (
    <Badge variant="light" color="gray" c="dark.7" tt="none" radius="sm" fw={500}>
      {protocolName(d.protocol)}
    </Badge>
  );

  return (
    <Table
      highlightOnHover
      aria-label={t('unknownDevices.title')}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c} ta={c === 'attempts' ? 'right' : undefined}>
              {t(`unknownDevices.${c}`)}
            </Table.Th>
          ))}
          <Table.Th>
            <VisuallyHidden>{t('unknownDevices.add')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {devices.map((d) => (
          <Table.Tr key={d.deviceid}>
            {compact ? (
              <>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    {deviceId(d)}
                    {protocol(d)}
                    <Text size="xs" style={mono}>
                      {d.address}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">
                      <RelativeTime value={d.last} now={now} />
                    </Text>
                    <Text size="xs">
                      {t('unknownDevices.attempts')}: {d.attempts.toLocaleString('en-GB')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('unknownDevices.first')}: <RelativeTime value={d.first} now={now} />
                    </Text>
                  </Stack>
                </Table.Td>
              </>
            ) : (
              <>
                <Table.Td>{deviceId(d)}</Table.Td>
                <Table.Td>{protocol(d)}</Table.Td>
                <Table.Td>
                  <RelativeTime value={d.first} now={now} />
                </Table.Td>
                <Table.Td>
                  <RelativeTime value={d.last} now={now} />
                </Table.Td>
                <Table.Td ta="right">{d.attempts.toLocaleString('en-GB')}</Table.Td>
                <Table.Td>
                  <Text size="xs" style={mono}>
                    {d.address}
                  </Text>
                </Table.Td>
              </>
            )}
            <Table.Td ta="right">
              {compact ? (
                <ActionIcon
                  variant="light"
                  size="lg"
                  aria-label={t('unknownDevices.addDevice', { device: d.deviceid })}
                  title={t('unknownDevices.add')}
                  onClick={() => onAdd(d)}
                >
                  <IconPlus size={16} aria-hidden />
                </ActionIcon>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  aria-label={t('unknownDevices.addDevice', { device: d.deviceid })}
                  onClick={() => onAdd(d)}
                >
                  {t('unknownDevices.add')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
