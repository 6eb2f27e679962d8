import type { SessionUser } from '@fleet/shared';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWindowWidth } from '../../../shared/device/use-window-width.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { parseUnitId } from '../../../shared/routing/unit-links.ts';
import { Thread } from '../components/thread.tsx';
import classes from '../components/messages.module.css';
import { messageTime } from '../hooks/message-time.ts';
import { useConversations } from '../hooks/use-unread.ts';

/** Below this width the list and the thread take turns (phone: list, then thread). */
const TWO_COLUMNS = 768;

/** The office's side: the site's conversations per vehicle, newest first, and the chosen one's thread. */
export function OfficeMessages({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wide = useWindowWidth() >= TWO_COLUMNS;
  const conversations = useConversations();
  const units = conversations.data?.units ?? [];
  const uid = parseUnitId(params.get('uid') ?? undefined);
  const registration = units.find((u) => u.uid === uid)?.registration ?? params.get('reg') ?? (uid ? t('messages.vehicleNumber', { id: uid }) : '');
  const open = (id: number | null) => setParams(id === null ? {} : { uid: String(id) });

  if (user.siteid === null) return <EmptyState icon={<IconMessages size={22} />} title={t('messages.noSite')} />;
  const siteId = user.siteid;

  const list = (
    <nav className={classes.list} aria-label={t('messages.conversations')} data-testid="conversations">
      {conversations.isPending && (
        <Stack p="sm" gap="sm">
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      )}
      {conversations.isError && <ErrorState error={conversations.error} onRetry={() => void conversations.refetch()} />}
      {conversations.isSuccess && units.length === 0 && (
        <EmptyState icon={<IconMessages size={22} />} title={t('messages.none')} hint={t('messages.noneHint')} />
      )}
      {units.map((u) => (
        <button
          key={u.uid}
          type="button"
          className={classes.row}
          aria-current={u.uid === uid ? 'true' : undefined}
          onClick={() => open(u.uid)}
          data-testid="conversation"
        >
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={u.unread > 0 ? 700 : 500} truncate>
              {u.registration}
            </Text>
            <Text size="xs" c="dark.5">
              {t('messages.lastAt', { time: messageTime(u.last) })}
            </Text>
          </Stack>
          {u.unread > 0 && (
            <Badge color="red.8" aria-label={t('messages.unread', { count: u.unread })}>
              {u.unread}
            </Badge>
          )}
        </button>
      ))}
    </nav>
  );

  const thread =
    uid === null ? (
      <EmptyState icon={<IconMessages size={22} />} title={t('messages.pick')} />
    ) : (
      <Stack gap="xs" h="100%" style={{ minHeight: 0 }}>
        <Group gap="xs" wrap="nowrap">
          {!wide && (
            <Button variant="subtle" size="sm" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => open(null)}>
              {t('messages.back')}
            </Button>
          )}
          <Text component="h2" fw={700} size="lg" truncate>
            {registration}
          </Text>
        </Group>
        <div style={{ flex: 1, minHeight: 0 }}>
          <Thread key={uid} siteId={siteId} uid={uid} side="office" label={t('messages.with', { name: registration })} />
        </div>
      </Stack>
    );

  return (
    <Stack gap={0}>
      <PageHeader title={t('pages.msg')} description={t('messages.intro', { site: user.sitename })} />
      {wide ? (
        <div className={classes.layout}>
          {list}
          {thread}
        </div>
      ) : (
        <div className={classes.phone}>{uid === null ? list : thread}</div>
      )}
    </Stack>
  );
}
