import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../session/session-store.ts';
import { lastUnitInfoQuery } from '../units/last-unit-info.tsx';
import { commandRoleOf } from './command-choice.ts';
import { CommandForm } from './command-form.tsx';
import { CommandHistory } from './command-history.tsx';

interface CommandsPanelProps {
  uid: number;
  /** Starts closed behind a Show button (the fleet page's vehicle details); open otherwise. */
  collapsible?: boolean;
}

/**
 * A unit's device commands: administrators pick or type any command, operators the read-only ones,
 * viewers see why they cannot send; everyone who sees the unit sees its command history.
 */
export function CommandsPanel({ uid, collapsible = false }: CommandsPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState(!collapsible);
  const role = commandRoleOf(useSessionUser()?.usertype);
  const info = useQuery(lastUnitInfoQuery(uid));
  const online = info.data?.online;
  const sender = role === 'admin' || role === 'operator';
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="commands-panel">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Title order={3} fz="sm" id={headingId}>
          {t('commands.title')}
        </Title>
        <Group gap="xs" wrap="nowrap">
          {online !== undefined && (
            <Badge size="sm" variant="light" tt="none" radius="sm" fw={600} color={online ? 'green' : 'gray'} c={online ? 'green.9' : 'dark.7'} data-testid="command-device-state">
              {online ? t('commands.online') : t('commands.offline')}
            </Badge>
          )}
          {collapsible && (
            <Button
              size="compact-xs"
              variant="default"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen(!open)}
              leftSection={open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
              data-testid="commands-toggle"
            >
              {open ? t('commands.hide') : t('commands.show')}
            </Button>
          )}
        </Group>
      </Group>
      {open && (
        <Stack gap="sm" id={bodyId}>
          <Text size="xs" c="gray.7">{t(`commands.intro.${role}`)}</Text>
          {online === false && sender && <Text size="xs" c="gray.7">{t('commands.offlineHint')}</Text>}
          {sender && <CommandForm uid={uid} role={role} protocol={info.data?.protocol ?? null} />}
          <CommandHistory uid={uid} />
        </Stack>
      )}
    </Stack>
  );
}
