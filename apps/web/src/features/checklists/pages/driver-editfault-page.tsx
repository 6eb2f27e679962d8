import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowLeft, IconCamera, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resizeImage } from '../../../shared/media/resize-image.ts';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import { useCabAssignment } from '../../driver/index.ts';
import { DriverFrame } from '../components/driver-frame.tsx';
import { LocalPhoto } from '../components/driver-photo.tsx';
import classes from '../components/driver.module.css';
import { setFault } from '../model/driver-checklist.ts';
import { useDraft } from '../model/driver-draft-store.ts';
import { driverPaths } from '../model/driver-paths.ts';
import { photoStore } from '../model/driver-photos.ts';
import { uuidV4 } from '../../../shared/device/uuid.ts';

/** Photos are resized on the device before they are kept: long side at most this (issue 11). */
export const PHOTO_MAX_SIDE = 1600;

/** editfault?item=<index>: the photo and note of one faulty item. */
export default function DriverEditFaultPage() {
  const { t } = useTranslation();
  const assignment = useCabAssignment();
  const [params] = useSearchParams();
  const index = Number(params.get('item'));
  const [draft, setDraft] = useDraft(assignment && !assignment.empty ? assignment.uid : null);
  const item = Number.isInteger(index) ? draft?.items[index] : undefined;

  if (!draft || !item) {
    return (
      <DriverFrame title={t('checklist.editFault')}>
      <Stack>
        <Alert color="gray" variant="outline">
          {t('checklist.fault.noItem')}
        </Alert>
        <Button component={Link} to={driverPaths.vcl} className={classes.bigButton} leftSection={<IconArrowLeft aria-hidden />}>
          {t('checklist.fault.back')}
        </Button>
      </Stack>
      </DriverFrame>
    );
  }
  return (
    <FaultForm
      key={`${draft.key}-${index}`}
      item={item.item}
      note={item.note}
      photoKey={item.photoKey}
      onSave={(fault) => setDraft(setFault(draft, index, fault))}
    />
  );
}

interface FaultFormProps {
  item: string;
  note: string;
  photoKey: string | null;
  onSave(fault: { note: string; photoKey: string | null }): void;
}

function FaultForm({ item, note: startNote, photoKey: startKey, onSave }: FaultFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [note, setNote] = useState(startNote);
  const [photoKey, setPhotoKey] = useState(startKey);
  const [busy, setBusy] = useState(false);
  const [photoError, setPhotoError] = useState(false);

  // A photo taken here but not saved is dropped when the page goes (unless it is the saved one).
  const [taken, setTaken] = useState<string[]>([]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setPhotoError(false);
    try {
      const small = await resizeImage(file, PHOTO_MAX_SIDE);
      const key = uuidV4();
      await photoStore.put(key, small);
      setTaken((list) => [...list, key]);
      setPhotoKey(key);
    } catch {
      setPhotoError(true);
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    onSave({ note, photoKey });
    for (const key of [...taken, startKey]) if (key && key !== photoKey) void photoStore.remove(key).catch(() => undefined);
    void navigate(driverPaths.vcl);
  };
  const back = () => {
    for (const key of taken) void photoStore.remove(key).catch(() => undefined);
    void navigate(driverPaths.vcl);
  };

  return (
    <DriverFrame title={t('checklist.fault.title', { item })}>
    <Stack gap="md">
      <Stack gap="xs">
        <Text fw={700} size="lg" component="h2">
          {t('checklist.fault.photo')}
        </Text>
        {photoKey && <LocalPhoto photoKey={photoKey} alt={t('checklist.fault.photoAlt', { item })} large />}
        {busy && <LoadingMessage message={t('checklist.fault.preparing')} />}
        {photoError && (
          <Alert color="red" variant="outline" role="alert">
            {t('checklist.fault.photoFailed')}
          </Alert>
        )}
        <label htmlFor={inputId} className={classes.photoLabel}>
          <IconCamera aria-hidden size={28} />
          {photoKey ? t('checklist.fault.replacePhoto') : t('checklist.fault.takePhoto')}
          <input
            id={inputId}
            className={classes.fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={busy}
            onChange={(e) => {
              void onFile(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
        </label>
        {photoKey && (
          <Button
            variant="outline"
            color="red.9"
            className={classes.bigButton}
            leftSection={<IconTrash aria-hidden />}
            onClick={() => setPhotoKey(null)}
          >
            {t('checklist.fault.removePhoto')}
          </Button>
        )}
      </Stack>
      <Textarea
        label={t('checklist.fault.note')}
        placeholder={t('checklist.fault.notePlaceholder')}
        size="lg"
        autosize
        minRows={3}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Group grow>
        <Button variant="default" className={classes.bigButton} leftSection={<IconArrowLeft aria-hidden />} onClick={back}>
          {t('checklist.fault.back')}
        </Button>
        <Button className={classes.bigButton} disabled={busy} onClick={save}>
          {t('checklist.fault.save')}
        </Button>
      </Group>
    </Stack>
    </DriverFrame>
  );
}
