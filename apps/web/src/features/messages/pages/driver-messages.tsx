import { TABS_PREFIX, type SessionUser } from '@fleet/shared';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { DriverShell } from '../../driver/index.ts';
import { cabAssignmentQuery } from '../api/cab-assignment.ts';
import { Thread } from '../components/thread.tsx';
import classes from '../components/messages.module.css';
import { useMessagesLive } from '../live/messages-live.ts';

/** The cab's side: the assigned vehicle's conversation with the office, big enough for gloves, in the driver's frame. */
export function DriverMessages({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.msg'));
  useMessagesLive(user);
  const assignment = useQuery(cabAssignmentQuery(user.token));
  const vehicle = assignment.data ?? null;

  return (
    <DriverShell title={t('pages.msg')}>
      <Stack gap="xs" className={classes.driver}>
        {assignment.isPending && <Loader aria-label={t('messages.loading')} />}
        {assignment.isError && <ErrorState error={assignment.error} onRetry={() => void assignment.refetch()} />}
        {assignment.isSuccess && !vehicle && (
          <EmptyState
            icon={<IconTruck size={22} />}
            title={t('messages.pickVehicle')}
            action={
              <Button component={Link} to={`${TABS_PREFIX}/vehicleselection`} size="lg" h={56}>
                {t('messages.chooseVehicle')}
              </Button>
            }
          />
        )}
        {vehicle && user.siteid !== null && (
          <>
            <Text size="md" c="dark.6">
              {t('messages.cabIntro')}
            </Text>
            <div style={{ flex: 1, minHeight: 0 }}>
              <Thread siteId={user.siteid} uid={vehicle.uid} side="cab" big label={t('messages.withOffice')} />
            </div>
          </>
        )}
      </Stack>
    </DriverShell>
  );
}
