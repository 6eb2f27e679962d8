import { TABS_PREFIX } from '@fleet/shared';
import { Button } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConversations } from '../hooks/use-unread.ts';

/** The page of one vehicle's conversation (the msg page with it open). */
export function messagesPath(uid: number, registration?: string): string {
  const q = new URLSearchParams({ uid: String(uid), ...(registration ? { reg: registration } : {}) });
  return `${TABS_PREFIX}/msg?${q.toString()}`;
}

/** For the fleet page's vehicle details: opens the vehicle's conversation, with its unread count. */
export function VehicleMessagesButton({ uid, registration }: { uid: number; registration: string }) {
  const { t } = useTranslation();
  const unread = useConversations().data?.units.find((u) => u.uid === uid)?.unread ?? 0;
  return (
    <Button
      size="xs"
      variant="default"
      component={Link}
      to={messagesPath(uid, registration)}
      leftSection={<IconMessages size={14} aria-hidden />}
      data-testid="vehicle-messages"
    >
      {unread > 0 ? t('messages.buttonUnread', { count: unread }) : t('messages.button')}
    </Button>
  );
}
