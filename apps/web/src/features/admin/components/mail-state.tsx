import type { outboxMailSchema } from '@fleet/shared';
import { Badge } from '@mantine/core';
import { IconAlertTriangleFilled, IconCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatFullDate } from '../../../shared/format/time.ts';

export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** Sent, failed (with the error on hover) or waiting; icon and text, not colour alone. */
export function MailState({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation();
  if (mail.error) {
    return (
      <Badge
        color="red"
        variant="light"
        c="red.9"
        tt="none"
        title={mail.error}
        leftSection={<IconAlertTriangleFilled size={12} aria-hidden />}
      >
        {t('outbox.failed')}
      </Badge>
    );
  }
  if (mail.sent) {
    return (
      <Badge
        color="teal"
        variant="light"
        c="dark.8"
        tt="none"
        title={formatFullDate(mail.sent)}
        leftSection={<IconCheck size={12} aria-hidden />}
      >
        {t('outbox.sent')}
      </Badge>
    );
  }
  return (
    <Badge
      color="gray"
      variant="light"
      c="dark.8"
      tt="none"
      leftSection={<IconClockHour4 size={12} aria-hidden />}
    >
      {t('outbox.pending')}
    </Badge>
  );
}
