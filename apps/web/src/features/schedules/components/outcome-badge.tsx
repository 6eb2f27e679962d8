import type { ScheduledReportRun } from '@fleet/shared';
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const LOOK = {
  sent: { color: 'green.9', Icon: IconCheck },
  failed: { color: 'red.9', Icon: IconAlertTriangle },
  retrying: { color: 'orange.9', Icon: IconRefresh },
  running: { color: 'blue.9', Icon: IconClock },
} as const;

/** A run's outcome: word and icon together, never colour alone. */
export function OutcomeBadge({ status }: { status: ScheduledReportRun['status'] }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[status];
  return (
    <Badge variant="light" color={color} radius="sm" tt="none" leftSection={<Icon size={14} aria-hidden />}>
      {t(`schedules.status.${status}`)}
    </Badge>
  );
}
