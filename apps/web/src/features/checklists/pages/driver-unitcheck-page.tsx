import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClipboardCheck, IconEye } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CabUnit } from '@fleet/shared';
import { formatFullDate } from '../../../shared/format/time.ts';
import { RelativeTime, useNow } from '../../../shared/ui/relative-time.tsx';
import { ErrorState, useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import { useCabAssignment } from '../../driver/index.ts';
import { cabUnitQuery, unitSignoff } from '../api/driver-api.ts';
import { driverChecklistKeys } from '../api/driver-keys.ts';
import { DriverFrame } from '../components/driver-frame.tsx';
import { DriverNoVehicle } from '../components/driver-no-vehicle.tsx';
import { DriverOutboxPanel } from '../components/driver-outbox-panel.tsx';
import { ServerPhoto } from '../components/driver-photo.tsx';
import classes from '../components/driver.module.css';
import { driverPaths } from '../model/driver-paths.ts';

/** unitcheck and units: the driver's view of the vehicle — last report, open faults, last check list. */
export default function DriverUnitCheckPage() {
  const { t } = useTranslation();
  const assignment = useCabAssignment();
  const uid = assignment ? assignment.uid : null;
  const query = useQuery({ ...cabUnitQuery(uid), enabled: uid !== null });

  if (!assignment) {
    return <DriverNoVehicle title={t('checklist.unit.titlePlain')} />;
  }
  return (
    <DriverFrame title={t('checklist.unit.title', { registration: assignment.registration })}>
    <Stack gap="md">
      <DriverOutboxPanel />
      {query.isPending ? (
        <LoadingMessage message={t('app.loading')} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <UnitView unit={query.data} />
      )}
    </Stack>
    </DriverFrame>
  );
}

function UnitView({ unit }: { unit: CabUnit }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="unit-report">
        <Title order={2} fz="h4" id="unit-report" mb="xs">
          {t('checklist.unit.lastReport')}
        </Title>
        {unit.lastreport ? (
          <Stack gap={4}>
            <Text fw={600}>{unit.lastreport.loc}</Text>
            <Text>
              <RelativeTime value={unit.lastreport.time} now={now} /> ·{' '}
              {unit.lastreport.ign ? t('checklist.unit.ignOn') : t('checklist.unit.ignOff')}
              {unit.lastreport.speed > 0 ? ` · ${t('checklist.unit.moving', { speed: Math.round(unit.lastreport.speed) })}` : ''}
            </Text>
          </Stack>
        ) : (
          <Text>{t('checklist.unit.noReport')}</Text>
        )}
      </Paper>
      <FaultsSection unit={unit} now={now} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="unit-last-list">
        <Title order={2} fz="h4" id="unit-last-list" mb="xs">
          {t('checklist.unit.lastChecklist')}
        </Title>
        {unit.lastchecklist ? (
          <Text>
            {t('checklist.unit.lastChecklistText', {
              when: formatFullDate(unit.lastchecklist.reported),
              by: unit.lastchecklist.by,
              count: unit.lastchecklist.ic,
            })}
          </Text>
        ) : (
          <Text>{t('checklist.unit.noChecklist')}</Text>
        )}
        <Button component={Link} to={driverPaths.vcl} mt="sm" className={classes.bigButton} leftSection={<IconClipboardCheck aria-hidden />}>
          {t('checklist.unit.startChecklist')}
        </Button>
      </Paper>
    </>
  );
}

function FaultsSection({ unit, now }: { unit: CabUnit; now: Date }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorMessage();
  const [confirm, setConfirm] = useState(false);
  const [note, setNote] = useState('');
  const seen = useMutation({
    mutationFn: () => unitSignoff({ uid: unit.uid, faults: unit.faults.map((f) => f.id), note: note.trim() }),
    onSuccess: () => {
      setConfirm(false);
      setNote('');
      return queryClient.invalidateQueries({ queryKey: driverChecklistKeys.unit(unit.uid) }).then(() =>
        queryClient.invalidateQueries({ queryKey: driverChecklistKeys.all() }),
      );
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="unit-faults">
      <Title order={2} fz="h4" id="unit-faults" mb="xs" c={unit.faults.length > 0 ? 'red.9' : undefined}>
        {t('checklist.unit.faults')} ({unit.faults.length})
      </Title>
      {unit.faults.length === 0 ? (
        <Text style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }} fw={600} c="green.9">
          <IconCircleCheck aria-hidden /> {t('checklist.unit.noFaults')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {unit.faults.map((f) => (
            <li key={f.id}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {f.image !== null && <ServerPhoto id={f.image} alt={t('checklist.unit.faultPhotoAlt', { item: f.item })} />}
                <div>
                  <Text fw={700} style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                    <IconAlertTriangle aria-hidden size={18} color="var(--mantine-color-red-9)" /> {f.item}
                  </Text>
                  {f.note && <Text size="sm">{f.note}</Text>}
                  <Text size="sm" c="dark.6">
                    {t('checklist.unit.reportedBy', { by: f.by, when: '' })}
                    <RelativeTime value={f.reported} now={now} />
                  </Text>
                </div>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {unit.signedoff && (
        <Text mt="sm" fw={600}>
          {t('checklist.unit.signedOff', {
            by: unit.signedoff.by,
            when: formatFullDate(unit.signedoff.at),
          })}
        </Text>
      )}
      {seen.isSuccess && (
        <Text mt="xs" c="green.9" fw={700} role="status">
          {t('checklist.unit.seenDone')}
        </Text>
      )}
      {unit.faults.length > 0 && (
        <Button mt="sm" variant="outline" className={classes.bigButton} leftSection={<IconEye aria-hidden />} onClick={() => setConfirm(true)}>
          {t('checklist.unit.seen')}
        </Button>
      )}
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('checklist.unit.seen')} centered>
        <Stack>
          <Text>{t('checklist.unit.seenConfirm', { count: unit.faults.length, registration: unit.registration })}</Text>
          <Textarea label={t('checklist.unit.seenNote')} value={note} maxLength={1000} onChange={(e) => setNote(e.currentTarget.value)} />
          {seen.isError && (
            <Alert color="red" variant="outline" role="alert">
              {errorText(seen.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" className={classes.bigButton} onClick={() => setConfirm(false)}>
              {t('checklist.cancel')}
            </Button>
            <Button className={classes.bigButton} loading={seen.isPending} onClick={() => seen.mutate()}>
              {t('checklist.unit.seenYes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
