import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignaturePad } from '../../../shared/media/signature-pad.tsx';
import { outbox } from '../../../shared/offline/outbox.ts';
import { useOutbox } from '../../../shared/offline/use-outbox.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useCabAssignment } from '../../driver/index.ts';
import { driverChecklistKeys } from '../api/driver-keys.ts';
import { DriverFrame } from '../components/driver-frame.tsx';
import { DriverOutboxPanel } from '../components/driver-outbox-panel.tsx';
import { LocalPhoto } from '../components/driver-photo.tsx';
import classes from '../components/driver.module.css';
import { type ChecklistDraft, faultsOf, parseMileage, photoKeysOf, progressOf, signOffBlocks } from '../model/driver-checklist.ts';
import { useDraft } from '../model/driver-draft-store.ts';
import { CHECKLIST_KIND, type ChecklistOutboxPayload } from '../model/driver-outbox.ts';
import { driverPaths } from '../model/driver-paths.ts';
import { photoStore } from '../model/driver-photos.ts';
import { jobOf } from '../model/driver-send.ts';
import { useSendStatus } from '../model/driver-send-status.ts';
import { uuidV4 } from '../../../shared/device/uuid.ts';

type Phase = { kind: 'form' } | { kind: 'sending'; itemId: string; registration: string };

/** signoff: the summary, the signature, and Sign off (the check list goes into the outbox first). */
export default function DriverSignOffPage() {
  const { t } = useTranslation();
  const assignment = useCabAssignment();
  const [draft, setDraft] = useDraft(assignment && !assignment.empty ? assignment.uid : null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });

  if (phase.kind === 'sending') return <SendingState itemId={phase.itemId} registration={phase.registration} />;
  if (!draft || signOffBlocks(draft).length > 0) {
    return (
      <DriverFrame title={t('checklist.signoff.title')}>
      <Stack>
        <DriverOutboxPanel />
        <Alert color="gray" variant="outline">
          {t('checklist.signoff.notReady')}
        </Alert>
        <Button component={Link} to={driverPaths.vcl} className={classes.bigButton} leftSection={<IconArrowLeft aria-hidden />}>
          {t('checklist.signoff.back')}
        </Button>
      </Stack>
      </DriverFrame>
    );
  }
  return (
    <SignOffForm
      draft={draft}
      onQueued={(itemId) => {
        setPhase({ kind: 'sending', itemId, registration: draft.registration });
        setDraft(null);
      }}
    />
  );
}

function SignOffForm({ draft, onQueued }: { draft: ChecklistDraft; onQueued(itemId: string): void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [signature, setSignature] = useState<Blob | null>(null);
  const [busy, setBusy] = useState(false);
  const [storeFailed, setStoreFailed] = useState(false);
  const progress = progressOf(draft);
  const faults = faultsOf(draft);
  const mileage = parseMileage(draft.mileage);

  const signOff = async () => {
    if (!signature || !user || busy) return;
    setBusy(true);
    setStoreFailed(false);
    try {
      // Photos come out of the draft's store into the outbox item; one lost from the device goes without it.
      const blobs: Record<string, Blob> = {};
      let kept = draft;
      for (const key of photoKeysOf(draft)) {
        const blob = await photoStore.get(key).catch(() => undefined);
        if (blob) blobs[key] = blob;
        else kept = { ...kept, items: kept.items.map((it) => (it.photoKey === key ? { ...it, photoKey: null } : it)) };
      }
      const job = jobOf(kept, uuidV4(), new Date());
      if (!job) return;
      blobs[job.sigKey] = signature;
      const payload: ChecklistOutboxPayload = { job, userId: user.userid, driverName: draft.operator || user.name };
      // The whole check list is on the device before any network call; its id is the list's own key,
      // so a double tap keeps it once.
      await outbox.add({
        id: draft.key,
        kind: CHECKLIST_KIND,
        label: t('checklist.outbox.label', { registration: draft.registration }),
        payload,
        blobs,
      });
      for (const key of photoKeysOf(draft)) void photoStore.remove(key).catch(() => undefined);
      onQueued(draft.key);
      outbox.kick();
    } catch {
      setStoreFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DriverFrame title={t('checklist.signoff.title')}>
    <Stack gap="md">
      <Text fw={600}>{t('checklist.signoff.summary', { count: progress.total, registration: draft.registration })}</Text>
      <DriverOutboxPanel />
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text>{mileage.ok && mileage.value !== null ? t('checklist.signoff.mileage', { mileage: mileage.value.toLocaleString('en-GB') }) : t('checklist.signoff.noMileage')}</Text>
          <Text>{t('checklist.signoff.operator', { operator: draft.operator })}</Text>
          {faults.length === 0 ? (
            <Text fw={700} c="green.9" style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
              <IconCircleCheck aria-hidden /> {t('checklist.signoff.allPassed')}
            </Text>
          ) : (
            <>
              <Title order={2} fz="h4" c="red.9">
                {t('checklist.signoff.faultsTitle')} ({faults.length})
              </Title>
              <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {faults.map(({ index, item }) => (
                  <li key={index}>
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      {item.photoKey && <LocalPhoto photoKey={item.photoKey} alt={t('checklist.fault.photoAlt', { item: item.item })} />}
                      <div>
                        <Text fw={700}>{item.item}</Text>
                        {item.note && <Text size="sm">{item.note}</Text>}
                      </div>
                    </Group>
                  </li>
                ))}
              </Stack>
            </>
          )}
        </Stack>
      </Paper>
      <SignaturePad label={t('checklist.signoff.signature')} onChange={setSignature} />
      {storeFailed && (
        <Alert color="red" variant="outline" role="alert">
          {t('checklist.signoff.storeFailed')}
        </Alert>
      )}
      {!signature && (
        <Text size="sm" fw={600} c="dark.7">
          {t('checklist.signoff.signatureNeeded')}
        </Text>
      )}
      <Button size="xl" className={classes.bigButton} disabled={!signature} loading={busy} onClick={() => void signOff()}>
        {t('checklist.signoff.button')}
      </Button>
      <Button component={Link} to={driverPaths.vcl} variant="subtle" color="dark" className={classes.bigButton} leftSection={<IconArrowLeft aria-hidden />}>
        {t('checklist.signoff.back')}
      </Button>
    </Stack>
    </DriverFrame>
  );
}

/** After Sign off: the overlay while it is sent, then saved / no signal (kept) / not signed off. */
function SendingState({ itemId, registration }: { itemId: string; registration: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { items } = useOutbox();
  const status = useSendStatus();
  const item = items.find((i) => i.id === itemId);
  const saved = item === undefined;

  useEffect(() => {
    if (saved) void queryClient.invalidateQueries({ queryKey: driverChecklistKeys.all() });
  }, [saved, queryClient]);

  if (saved) {
    return (
      <DriverFrame title={t('checklist.signoff.title')}>
      <Stack gap="md" align="stretch">
        <Alert color="green.9" variant="outline" icon={<IconCircleCheck aria-hidden />} role="status">
          <Text fw={700} size="lg">
            {t('checklist.signoff.saved', { registration })}
          </Text>
        </Alert>
        <Button component={Link} to={driverPaths.unitCheck} size="xl" className={classes.bigButton}>
          {t('checklist.signoff.done')}
        </Button>
      </Stack>
      </DriverFrame>
    );
  }
  if (item.failed) {
    return (
      <DriverFrame title={t('checklist.signoff.title')}>
      <Stack gap="md">
        <Alert color="red" variant="outline" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {t('checklist.signoff.failed', { error: item.lastError ?? t('checklist.unknownError') })}
        </Alert>
        <DriverOutboxPanel />
      </Stack>
      </DriverFrame>
    );
  }
  if (item.attempts > 0) {
    return (
      <DriverFrame title={t('checklist.signoff.title')}>
      <Stack gap="md">
        <Alert color="orange.9" variant="outline" icon={<IconWifiOff aria-hidden />} role="status">
          <Text fw={700}>{t('checklist.noSignal')}</Text>
        </Alert>
        <DriverOutboxPanel />
        <Button component={Link} to={driverPaths.unitCheck} size="xl" className={classes.bigButton}>
          {t('checklist.signoff.done')}
        </Button>
      </Stack>
      </DriverFrame>
    );
  }
  const stepText =
    status?.itemId !== itemId
      ? null
      : status.step.kind === 'image'
        ? t('checklist.uploadingItem', { item: status.step.item })
        : status.step.kind === 'signature'
          ? t('checklist.uploadingSignature')
          : t('checklist.saving');
  return (
    <DriverFrame title={t('checklist.signoff.title')}>
      <div className={classes.overlay} role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader size="lg" color="dark" aria-hidden />
          <Text fw={700} size="xl">
            {t('checklist.signingOff')}
          </Text>
          {stepText && <Text size="lg">{stepText}</Text>}
        </Stack>
      </div>
    </DriverFrame>
  );
}
