import type { SessionUser } from '@fleet/shared';
import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { siteMessageQuery } from '../api/site-message-api.ts';
import {
  dismissSiteMessage,
  shouldShowSiteMessage,
  useDismissedSiteMessages,
} from '../hooks/site-message-dismissal.ts';

/** The site's message to its users, at the top of every page until closed; a changed message shows again. */
export function SiteMessageBar({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { data } = useQuery(siteMessageQuery(user.siteid));
  const dismissed = useDismissedSiteMessages();
  if (!data || !shouldShowSiteMessage(user.siteid, data.message, dismissed)) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle aria-hidden />}
      role="status"
      aria-label={t('siteMessage.barLabel', { site: user.sitename })}
      withCloseButton
      closeButtonLabel={t('siteMessage.dismiss')}
      onClose={() => dismissSiteMessage(user.siteid, data.message)}
      py={6}
      mb="sm"
      data-testid="site-message-bar"
    >
      <Text size="sm" c="dark.8" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {data.message.trim()}
      </Text>
    </Alert>
  );
}
