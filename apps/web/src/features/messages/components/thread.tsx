import { MESSAGE_MAX, type Message } from '@fleet/shared';
import { Alert, Button, Group, Loader, Text, Textarea } from '@mantine/core';
import { IconCheck, IconChecks, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWindowWidth } from '../../../shared/device/use-window-width.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { messageKeys, postMessage, readMessages, threadQuery } from '../api/messages-api.ts';
import { messageTime, newMessageKey } from '../hooks/message-time.ts';
import { withMessage } from '../live/patch.ts';
import type { Side } from '../live/patch.ts';
import classes from './messages.module.css';
import { useCanChange } from '../../../shared/session/use-can-change.ts';

interface ThreadProps {
  siteId: number;
  uid: number;
  side: Side;
  /** The cab's look: bigger text and touch targets (gloves, sunlight). */
  big?: boolean;
  /** Labels the log and the composer (e.g. 'Messages with AB12 CDE'). */
  label: string;
}

/**
 * One vehicle's conversation: the messages (live), marked read while shown, and the composer.
 * Text is shown exactly as written (React renders it as text, never as markup).
 */
export function Thread({ siteId, uid, side, big = false, label }: ThreadProps) {
  // A viewer (issue 15) reads the conversation but sends nothing.
  const canChange = useCanChange();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const thread = useQuery(threadQuery(siteId, uid));
  const messages = thread.data ?? [];
  const logRef = useRef<HTMLDivElement>(null);

  // Shown is read: the other side's newest unread message marks the lot read (once per message).
  const newestUnread = [...messages].reverse().find((m) => !m.mine && !m.read)?.id ?? 0;
  const readUpTo = useRef(0);
  useEffect(() => {
    if (newestUnread === 0 || newestUnread <= readUpTo.current) return;
    readUpTo.current = newestUnread;
    readMessages(siteId, uid).catch(() => {
      readUpTo.current = 0;
    });
  }, [newestUnread, siteId, uid]);

  // The newest message in view.
  const newestId = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  return (
    <div className={`${classes.thread} ${big ? classes.big : ''}`} data-testid="message-thread">
      <div ref={logRef} className={classes.log} role="log" aria-label={label} tabIndex={0}>
        {thread.isPending && <Loader size="sm" aria-label={t('messages.loading')} />}
        {thread.isError && <Alert color="red">{errorMessage(thread.error)}</Alert>}
        {thread.isSuccess && messages.length === 0 && (
          <Text c="gray.7" ta="center" py="lg" size={big ? 'lg' : 'sm'}>
            {side === 'cab' ? t('messages.emptyCab') : t('messages.emptyOffice')}
          </Text>
        )}
        {messages.map((m) => (
          <MessageBubble key={m.id} m={m} big={big} />
        ))}
      </div>
      {(side === 'cab' || canChange) && <Composer
        big={big}
        onSend={async (text, key) => {
          const sent = await postMessage(siteId, uid, text, key);
          queryClient.setQueryData<Message[]>(messageKeys.thread(siteId, uid), (list) => withMessage(list, sent));
        }}
      />}
    </div>
  );
}

function MessageBubble({ m, big }: { m: Message; big: boolean }) {
  const { t } = useTranslation();
  const time = messageTime(m.sent);
  const Tick = m.read ? IconChecks : IconCheck;
  return (
    <div className={classes.bubble} data-mine={m.mine} data-testid="message">
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size={big ? 'sm' : 'xs'} fw={700} c="dark.7" truncate>
          {m.author}
        </Text>
        <Text size={big ? 'sm' : 'xs'} c="dark.5" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={m.sent}>{time}</time>
        </Text>
      </Group>
      <p className={classes.text}>{m.text}</p>
      {m.mine && (
        <Group gap={4} justify="flex-end" c={m.read ? 'blue.9' : 'dark.5'}>
          <Tick size={big ? 18 : 14} aria-hidden />
          <Text size="xs" data-testid="message-state">
            {m.read ? t('messages.read') : t('messages.sent')}
          </Text>
        </Group>
      )}
    </div>
  );
}

function Composer({ big, onSend }: { big: boolean; onSend(text: string, key: string): Promise<void> }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState('');
  // One key per message written: a retry after a lost answer is stored once.
  const [key, setKey] = useState(newMessageKey);
  const send = useMutation({
    mutationFn: ({ text, key: k }: { text: string; key: string }) => onSend(text, k),
    onSuccess: () => {
      setDraft('');
      setKey(newMessageKey());
    },
  });
  const narrow = useWindowWidth() < 600;
  const text = draft.trim();
  const tooLong = draft.length > MESSAGE_MAX;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (text === '' || tooLong || send.isPending) return;
    send.mutate({ text, key });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends on a keyboard; Shift+Enter is a new line. The cab's big composer sends with its button only.
    if (!big && e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };
  return (
    <form className={classes.composer} onSubmit={submit}>
      {send.isError && (
        <Alert color="red" mb="xs" p="xs">
          {errorMessage(send.error)}
        </Alert>
      )}
      <Group align="flex-end" gap="xs" wrap={big ? 'wrap' : 'nowrap'}>
        <Textarea
          style={{ flex: 1, minWidth: big ? 'min(100%, 280px)' : undefined }}
          label={t('messages.compose')}
          description={draft.length > MESSAGE_MAX - 200 ? t('messages.left', { count: MESSAGE_MAX - draft.length }) : undefined}
          error={tooLong ? t('messages.tooLong', { max: MESSAGE_MAX.toLocaleString('en-GB') }) : undefined}
          placeholder={t('messages.placeholder')}
          autosize
          minRows={big ? 2 : 1}
          maxRows={big ? 5 : 6}
          size={big ? 'lg' : 'sm'}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value.replace(/\r\n?/g, '\n'))}
          onKeyDown={onKeyDown}
        />
        <Button
          type="submit"
          size={big ? 'xl' : 'sm'}
          h={big ? 64 : 36}
          miw={big ? 160 : undefined}
          fullWidth={big && narrow}
          leftSection={<IconSend size={big ? 24 : 16} aria-hidden />}
          loading={send.isPending}
          disabled={text === '' || tooLong}
        >
          {t('messages.send')}
        </Button>
      </Group>
    </form>
  );
}
