import type { CommandLogEntry, CommandStatus } from '@fleet/shared/commands/commands.schema';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCheck, IconClock, IconHourglass, IconLock, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../ui/error-state.tsx';
import { RelativeTime, useNow } from '../ui/relative-time.tsx';
import { COMMAND_LOG_PAGE, commandLogQuery } from './commands-api.ts';
import classes from './commands-panel.module.css';

/** Colour, icon and words together (never colour alone): answered green, no answer amber or grey, refused red. */
const LOOK: Record<CommandStatus, { color: string; Icon: typeof IconCheck }> = {
  answered: { color: 'green', Icon: IconCheck },
  offline: { color: 'gray', Icon: IconPlugConnectedX },
  busy: { color: 'yellow', Icon: IconHourglass },
  timeout: { color: 'orange', Icon: IconClock },
  refused: { color: 'red', Icon: IconLock },
  invalid: { color: 'red', Icon: IconBan },
  failed: { color: 'red', Icon: IconAlertTriangle },
};

export function CommandStatusBadge({ status }: { status: CommandStatus }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[status];
  return (
    <Badge size="sm" variant="light" color={color} c={`${color}.9`} tt="none" radius="sm" fw={600} leftSection={<Icon size={12} aria-hidden />} style={{ flexShrink: 0 }}>
      {t(`commands.status.${status}`)}
    </Badge>
  );
}

function Entry({ entry, now }: { entry: CommandLogEntry; now: Date }) {
  const { t } = useTranslation();
  const text = entry.reply ?? entry.reason ?? '';
  return (
    <li className={classes.entry} data-testid="command-log-entry">
      <Group gap={6} wrap="nowrap" justify="space-between" align="baseline">
        <code className={classes.command}>{entry.command}</code>
        <CommandStatusBadge status={entry.status} />
      </Group>
      <Text size="xs" c="gray.7">
        <RelativeTime value={entry.time} now={now} /> · {entry.who ?? t('commands.history.formerUser')}
      </Text>
      {text && (
        <Text size="xs" lineClamp={3} title={text.length > 80 ? text : undefined} className={entry.reply ? classes.reply : undefined}>
          {text}
        </Text>
      )}
    </li>
  );
}

/** The unit's commands, newest first, a page at a time: when, who, the command, what became of it, the reply. */
export function CommandHistory({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [offset, setOffset] = useState(0);
  const log = useQuery(commandLogQuery(uid, offset));
  const now = useNow();
  const total = log.data?.total ?? 0;
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId} data-testid="command-history">
      <Title order={4} fz="sm" id={headingId}>
        {log.data ? t('commands.history.titleCount', { count: total }) : t('commands.history.title')}
      </Title>
      {log.isError && <ErrorState error={log.error} onRetry={() => void log.refetch()} />}
      {log.isPending && <Text size="xs" c="gray.7">{t('commands.history.loading')}</Text>}
      {log.data && total === 0 && <Text size="xs" c="gray.7">{t('commands.history.empty')}</Text>}
      {log.data && log.data.entries.length > 0 && (
        <ul className={classes.list} aria-busy={log.isFetching}>
          {log.data.entries.map((e) => <Entry key={e.id} entry={e} now={now} />)}
        </ul>
      )}
      {total > COMMAND_LOG_PAGE && (
        <Group gap="xs" justify="space-between">
          <Button size="compact-xs" variant="default" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - COMMAND_LOG_PAGE))}>
            {t('commands.history.newer')}
          </Button>
          <Text size="xs" c="gray.7">
            {t('commands.history.range', { from: offset + 1, to: Math.min(total, offset + COMMAND_LOG_PAGE), total })}
          </Text>
          <Button size="compact-xs" variant="default" disabled={offset + COMMAND_LOG_PAGE >= total} onClick={() => setOffset(offset + COMMAND_LOG_PAGE)}>
            {t('commands.history.older')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
