import { Badge } from '@mantine/core';
import { IconCircleFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '../hooks/use-debug-socket.ts';

const COLOR: Record<ConnectionStatus, string> = {
  idle: 'gray',
  connecting: 'yellow',
  connected: 'green',
  reconnecting: 'orange',
  disconnected: 'gray',
};

/** The socket's state in words (with a coloured dot); announced when it changes. */
export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  const color = COLOR[status];
  return (
    <Badge
      variant="light"
      color={color}
      c="dark.8"
      tt="none"
      fw={500}
      size="lg"
      radius="sm"
      role="status"
      aria-live="polite"
      data-status={status}
      data-testid="connection-status"
      leftSection={<IconCircleFilled size={8} color={`var(--mantine-color-${color}-7)`} aria-hidden />}
    >
      {t(`debugger.status.${status}`)}
    </Badge>
  );
}
