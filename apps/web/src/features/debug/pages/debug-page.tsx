import { isAdmin } from '@fleet/shared';
import { Anchor, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { parseUnitId } from '../../../shared/routing/unit-links.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { lastUnitInfoQuery } from '../api/debug-api.ts';
import { CommandBox } from '../components/command-box.tsx';
import { ConnectionBadge } from '../components/connection-badge.tsx';
import { FlaggedRecords } from '../components/flagged-records.tsx';
import { FrameList } from '../components/frame-list.tsx';
import { UnitSummary } from '../components/unit-summary.tsx';
import { useDebugSocket } from '../hooks/use-debug-socket.ts';

const FLEET_PATH = '/tabs/tabs/fleet';

/** One unit's debugger; a new unit id starts afresh (keyed by the page). */
function UnitDebugger({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const unit = useQuery(lastUnitInfoQuery(uid));
  const socket = useDebugSocket(uid);
  const admin = isAdmin(useSessionUser()?.usertype);
  const live = socket.status !== 'idle' && socket.status !== 'disconnected';
  const title = unit.data
    ? t('debugger.title', { registration: unit.data.registration })
    : t('debugger.titleUnit', { uid });

  return (
    <Stack gap="sm">
      <PageHeader
        title={title}
        description={t('debugger.intro', { uid })}
        actions={
          <>
            <ConnectionBadge status={socket.status} />
            {live ? (
              <Button
                variant="default"
                leftSection={<IconPlugConnectedX size={16} aria-hidden />}
                onClick={socket.disconnect}
              >
                {t('debugger.disconnect')}
              </Button>
            ) : (
              <Button leftSection={<IconPlugConnected size={16} aria-hidden />} onClick={socket.connect}>
                {t('debugger.connect')}
              </Button>
            )}
          </>
        }
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 5, lg: 4, xl: 3 }}>
          <Stack gap="sm">
            <UnitSummary query={unit} />
            <CommandBox uid={uid} protocol={unit.data?.protocol ?? null} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8, xl: 9 }}>
          <Stack gap="sm">
            <FrameList
              log={socket.log}
              status={socket.status}
              error={socket.error}
              onPause={socket.pause}
              onResume={socket.resume}
              onClear={socket.clear}
            />
            {admin && <FlaggedRecords uid={uid} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** debug/:uid: a unit's protocol debugger. The socket connects only when the user presses Connect. */
export default function DebugPage() {
  const { t } = useTranslation();
  const { uid: param } = useParams();
  const uid = parseUnitId(param);

  if (uid === null) {
    return (
      <Stack gap="sm" maw={720}>
        <PageHeader title={t('pages.debug')} />
        <Paper withBorder p="md" role="alert">
          <Stack gap="xs">
            <Text fw={600}>{t('debugger.badUidTitle')}</Text>
            <Text size="sm">{t('debugger.badUid', { uid: param ?? '' })}</Text>
            <Anchor component={Link} to={FLEET_PATH} size="sm">
              <Group gap={4}>
                <IconArrowLeft size={14} aria-hidden />
                {t('debugger.backToFleet')}
              </Group>
            </Anchor>
          </Stack>
        </Paper>
      </Stack>
    );
  }
  return <UnitDebugger key={uid} uid={uid} />;
}
