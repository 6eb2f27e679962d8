import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '../../../shared/offline/outbox.ts';
import { useOutbox } from '../../../shared/offline/use-outbox.ts';
import { CHECKLIST_KIND } from '../model/driver-outbox.ts';

/** How many check lists wait on this device (the driver shell's pending-send slot). */
export function useWaitingChecklists(): readonly OutboxItem[] {
  return useOutbox().items.filter((i) => i.kind === CHECKLIST_KIND);
}

/** "Waiting to send (2)": a compact count for the driver shell's header; nothing when none wait. */
export function DriverPendingCount() {
  const { t } = useTranslation();
  const items = useWaitingChecklists();
  if (items.length === 0) return null;
  const failed = items.some((i) => i.failed);
  return (
    <Badge
      size="lg"
      radius="sm"
      color={failed ? 'red.9' : 'orange.9'}
      variant="filled"
      leftSection={failed ? <IconAlertTriangle aria-hidden size={16} /> : <IconClockHour4 aria-hidden size={16} />}
      tt="none"
      role="status"
    >
      {t('checklist.outbox.count', { count: items.length })}
    </Badge>
  );
}

