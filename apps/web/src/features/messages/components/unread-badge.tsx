import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../hooks/use-unread.ts';

/** The count of unread messages from the other side (nothing when there are none): the Messages menu entry's and the driver tab's. */
export function UnreadBadge({ size = 'sm' }: { size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const count = useUnreadMessages();
  if (count === 0) return null;
  return (
    <Badge size={size} color="red.8" variant="filled" circle={count < 10} data-testid="messages-unread-badge" aria-label={t('messages.unread', { count })}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
