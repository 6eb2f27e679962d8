import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from '../../../../shared/media/signature-pad.tsx';
import { useErrorMessage } from '../../../../shared/ui/error-state.tsx';

export interface SignoffDialogProps {
  opened: boolean;
  drivers: string[];
  weekText: string;
  defaultName: string;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSign: (signature: Blob, name: string) => void;
}

/** The office's signature and printed name for the chosen sheets; what signing does is said before it is done. */
export function SignoffDialog({ opened, drivers, weekText, defaultName, busy, error, onClose, onSign }: SignoffDialogProps) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  const phone = useMediaQuery('(max-width: 36em)');
  const [signature, setSignature] = useState<Blob | null>(null);
  const [name, setName] = useState(defaultName);
  const [tried, setTried] = useState(false);
  const nameError = tried && name.trim().length < 2 ? t('timesheetSignoff.nameNeeded') : null;
  const signError = tried && !signature ? t('timesheetSignoff.signatureNeeded') : null;
  const submit = () => {
    setTried(true);
    if (signature && name.trim().length >= 2) onSign(signature, name.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('timesheetSignoff.dialogTitle', { count: drivers.length })} size="lg" fullScreen={phone}>
      <Stack gap="sm">
        <Text size="sm">{t('timesheetSignoff.dialogText', { week: weekText })}</Text>
        <List size="sm" spacing={2} data-testid="signoff-drivers">
          {drivers.map((d) => <List.Item key={d}>{d}</List.Item>)}
        </List>
        <TextInput label={t('timesheetSignoff.printedName')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} required error={nameError} />
        <SignaturePad label={t('timesheetSignoff.yourSignature')} onChange={setSignature} height={200} />
        {signError && <Text size="sm" c="red.8" role="alert">{signError}</Text>}
        {error !== null && error !== undefined && <Alert color="red" variant="light" role="alert">{message(error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>{t('timesheetSignoff.cancel')}</Button>
          <Button onClick={submit} loading={busy} data-testid="signoff-submit">{t('timesheetSignoff.signOff', { count: drivers.length })}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
