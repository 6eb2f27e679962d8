import { Alert, Button, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconChecks, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useCabAssignment } from '../../driver/index.ts';
import { currentChecklistQuery } from '../api/driver-api.ts';
import { DriverFrame } from '../components/driver-frame.tsx';
import { DriverNoVehicle } from '../components/driver-no-vehicle.tsx';
import { DriverItemRow } from '../components/driver-item-row.tsx';
import { DriverOutboxPanel } from '../components/driver-outbox-panel.tsx';
import classes from '../components/driver.module.css';
import {
  type Answer,
  answerItem,
  type ChecklistDraft,
  newDraft,
  parseMileage,
  passUnanswered,
  photoKeysOf,
  progressOf,
  setMileage,
  setOperator,
  signOffBlocks,
} from '../model/driver-checklist.ts';
import { draftStore, useDraft } from '../model/driver-draft-store.ts';
import { driverPaths } from '../model/driver-paths.ts';
import { photoStore } from '../model/driver-photos.ts';
import { uuidV4 } from '../../../shared/device/uuid.ts';

/** vcl: the assigned vehicle's check list, resumed from the device when one was started. */
export default function DriverVclPage() {
  const { t } = useTranslation();
  const assignment = useCabAssignment();
  if (!assignment || assignment.empty) {
    return <DriverNoVehicle title={t('checklist.title')}><DriverOutboxPanel /></DriverNoVehicle>;
  }
  return <VehicleChecklist uid={assignment.uid} registration={assignment.registration} driverName={assignment.name} />;
}

function VehicleChecklist({ uid, registration, driverName }: { uid: number; registration: string; driverName: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useDraft(uid);
  const query = useQuery({ ...currentChecklistQuery(registration), enabled: draft === null });

  // Photos of drafts that are gone (signed off, started again, cleared on a new assignment) leave the device.
  useEffect(() => {
    void photoStore.keepOnly(draftStore.allPhotoKeys()).catch(() => undefined);
  }, []);

  // A fresh list starts from checklist?reg; the draft from then on lives on the device.
  useEffect(() => {
    const list = query.data;
    if (draft === null && list && list.uid === uid && list.items.length > 0) {
      setDraft(newDraft(list, driverName, uuidV4(), new Date()));
    }
  }, [draft, query.data, uid, driverName, setDraft]);

  if (draft) return <DraftForm draft={draft} setDraft={setDraft} />;
  return (
    <DriverFrame title={t('checklist.title')}>
    <Stack>
      <DriverOutboxPanel />
      {query.isPending || (query.data && query.data.items.length > 0) ? (
        <LoadingMessage message={t('checklist.loading')} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === null ? (
        <Alert color="orange" variant="outline" icon={<IconWifiOff aria-hidden />}>
          <Stack gap="sm">
            <Text>{t('checklist.noSignalLoad')}</Text>
            <Button onClick={() => void query.refetch()} className={classes.bigButton} variant="outline">
              {t('checklist.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Alert color="gray" variant="outline">
          {t('checklist.noTemplate')}
        </Alert>
      )}
    </Stack>
    </DriverFrame>
  );
}

function DraftForm({ draft, setDraft }: { draft: ChecklistDraft; setDraft(next: ChecklistDraft | null): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirmReset, setConfirmReset] = useState(false);
  const progress = progressOf(draft);
  const blocks = signOffBlocks(draft);
  const mileage = parseMileage(draft.mileage);
  // The odometer's own unit: miles on an imperial site, kilometres on a metric one (as the office reads it).
  const odometerUnit = t(`checklist.odometerUnit_${useUnitSystem()}`);
  const remaining = progress.total - progress.checked;

  const onAnswer = (index: number, answer: Answer) => {
    setDraft(answerItem(draft, index, answer));
    if (answer === 'faulty') void navigate(driverPaths.editFault(index));
  };
  const startAgain = () => {
    setConfirmReset(false);
    setDraft(null);
    for (const key of photoKeysOf(draft)) void photoStore.remove(key).catch(() => undefined);
  };

  return (
    <DriverFrame title={t('checklist.title')}>
    <Stack gap="md">
      <Text>{t('checklist.intro', { name: draft.name, registration: draft.registration })}</Text>
      <DriverOutboxPanel />
      <div className={classes.sticky}>
        <Group justify="space-between" mb={6}>
          <Text fw={700} size="lg" aria-live="polite">
            {t('checklist.progress', { checked: progress.checked, total: progress.total })}
          </Text>
          {progress.faulty > 0 && (
            <Text fw={700} c="red.9">
              {t('checklist.faultCount', { count: progress.faulty })}
            </Text>
          )}
        </Group>
        <Progress
          value={(progress.checked / Math.max(progress.total, 1)) * 100}
          size="lg"
          color="green.9"
          aria-label={t('checklist.progress', { checked: progress.checked, total: progress.total })}
        />
      </div>

      <Stack component="ol" gap="sm" aria-label={t('checklist.itemsList')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {draft.items.map((item, index) => (
          <DriverItemRow key={`${index}-${item.item}`} index={index} item={item} onAnswer={onAnswer} />
        ))}
      </Stack>

      {remaining > 0 && progress.checked > 0 && (
        <Stack gap={4}>
          <Button
            variant="outline"
            color="green.9"
            leftSection={<IconChecks aria-hidden />}
            className={classes.bigButton}
            onClick={() => setDraft(passUnanswered(draft))}
          >
            {t('checklist.allOk', { count: remaining })}
          </Button>
          <Text size="sm" c="dark.6">
            {t('checklist.allOkHint')}
          </Text>
        </Stack>
      )}

      <TextInput
        label={t('checklist.mileage')}
        inputMode="numeric"
        autoComplete="off"
        size="lg"
        value={draft.mileage}
        onChange={(e) => setDraft(setMileage(draft, e.currentTarget.value))}
        placeholder={draft.lastMileage !== null ? String(draft.lastMileage) : undefined}
        description={
          draft.lastMileage !== null
            ? t('checklist.mileageHint', { mileage: draft.lastMileage.toLocaleString('en-GB'), unit: odometerUnit })
            : t('checklist.mileageNone', { unit: odometerUnit })
        }
        error={mileage.ok ? undefined : t(mileage.reason === 'tooLarge' ? 'checklist.mileageTooLarge' : 'checklist.mileageBad')}
      />
      <TextInput
        label={t('checklist.operator')}
        size="lg"
        maxLength={80}
        value={draft.operator}
        onChange={(e) => setDraft(setOperator(draft, e.currentTarget.value))}
        error={draft.operator.trim() === '' ? t('checklist.operatorMissing') : undefined}
      />

      {blocks.includes('unanswered') && (
        <Text fw={600} c="dark.7" role="status">
          {t('checklist.remaining', { count: remaining })}
        </Text>
      )}
      <Button
        size="xl"
        className={classes.bigButton}
        disabled={blocks.length > 0}
        onClick={() => void navigate(driverPaths.signOff)}
      >
        {t('checklist.continue')}
      </Button>
      <Button variant="subtle" color="dark" className={classes.bigButton} onClick={() => setConfirmReset(true)}>
        {t('checklist.startAgain')}
      </Button>

      <Modal opened={confirmReset} onClose={() => setConfirmReset(false)} title={t('checklist.startAgain')} centered>
        <Stack>
          <Text>{t('checklist.startAgainConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" className={classes.bigButton} onClick={() => setConfirmReset(false)}>
              {t('checklist.cancel')}
            </Button>
            <Button color="red.9" className={classes.bigButton} onClick={startAgain}>
              {t('checklist.startAgainYes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
    </DriverFrame>
  );
}
