import type { ScheduledReportRun } from '@fleet/shared';
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const LOOK = {
  sent: { color: 'green', text: 'green.9', Icon: IconCheck },
  failed: { color: 'red', text: 'red.9', Icon: IconAlertTriangle },
  retrying: { color: 'orange', text: 'orange.9', Icon: IconRefresh },
  running: { color: 'blue', text: 'blue.9', Icon: IconClock },
} as const;

/** A run's outcome: word and icon together, never colour alone. */
export function OutcomeBadge({ status }: { status: ScheduledReportRun['status'] }) {
  const { t } = useTranslation();
  const { color, text, Icon } = LOOK[status];
  return (
    <Badge variant="light" color={color} c={text} radius="sm" tt="none" fw={600} leftSection={<Icon size={14} aria-hidden />}>
      {t(`schedules.status.${status}`)}
    </Badge>
  );
}
