import { Alert, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconEraser,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlugConnected,
  IconWaveSine,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { type FrameLogState, MAX_FRAMES } from '../hooks/frame-log.ts';
import type { ConnectionStatus } from '../hooks/use-debug-socket.ts';
import classes from './debug.module.css';
import { FrameRow } from './frame-row.tsx';

interface FrameListProps {
  log: FrameLogState;
  status: ConnectionStatus;
  error: string | null;
  onPause(): void;
  onResume(): void;
  onClear(): void;
}

/** The live frames, newest first, with Pause and Clear. */
export function FrameList({ log, status, error, onPause, onResume, onClear }: FrameListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { frames, held, paused } = log;
  const watching = status !== 'idle' && status !== 'disconnected';

  return (
    <Paper withBorder radius="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs" px="sm" py={8} wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} fz="h5" id={headingId}>
            {t('debugger.frames')}
          </Title>
          <Badge variant="light" color="gray" c="dark.7" tt="none" radius="sm" fw={600}>
            {t('debugger.frameCount', { count: frames.length })}
          </Badge>
          {paused && held.length > 0 && (
            <Badge variant="light" color="yellow" c="dark.8" tt="none" radius="sm" fw={500}>
              {t('debugger.held', { count: held.length })}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant={paused ? 'filled' : 'default'}
            aria-pressed={paused}
            leftSection={
              paused ? <IconPlayerPlay size={14} aria-hidden /> : <IconPlayerPause size={14} aria-hidden />
            }
            onClick={paused ? onResume : onPause}
          >
            {t(paused ? 'debugger.resume' : 'debugger.pause')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconEraser size={14} aria-hidden />}
            onClick={onClear}
            disabled={frames.length === 0 && held.length === 0}
          >
            {t('debugger.clear')}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('debugger.connectFailed')}
          mx="sm"
          mb="sm"
          data-testid="debug-error"
        >
          {error}
        </Alert>
      )}
      {frames.length === 0 ? (
        watching ? (
          <EmptyState
            icon={<IconWaveSine size={22} />}
            title={t('debugger.waiting')}
            hint={t('debugger.waitingHint')}
          />
        ) : (
          <EmptyState
            icon={<IconPlugConnected size={22} />}
            title={t('debugger.notConnected')}
            hint={t('debugger.notConnectedHint')}
          />
        )
      ) : (
        <>
          <ol className={classes.list} aria-labelledby={headingId}>
            {frames.map((entry) => (
              <FrameRow key={entry.key} entry={entry} />
            ))}
          </ol>
          {frames.length >= MAX_FRAMES && (
            <Text
              size="xs"
              c="dimmed"
              px="sm"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              {t('debugger.capped', { max: MAX_FRAMES })}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
