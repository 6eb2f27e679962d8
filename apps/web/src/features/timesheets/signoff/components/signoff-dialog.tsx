import { Alert, Button, Group, List, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
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
  /** The office's signature and printed name, and the driver's own signature drawn here (one sheet only), or null. */
  onSign: (signature: Blob, name: string, driverSignature: Blob | null) => void;
}

/** The office's signature and printed name for the chosen sheets; what signing does is said before it is done. */
export function SignoffDialog({ opened, drivers, weekText, defaultName, busy, error, onClose, onSign }: SignoffDialogProps) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  const phone = useMediaQuery('(max-width: 36em)');
  const [signature, setSignature] = useState<Blob | null>(null);
  const [name, setName] = useState(defaultName);
  const [tried, setTried] = useState(false);
  const [driverHere, setDriverHere] = useState(false);
  const [driverSignature, setDriverSignature] = useState<Blob | null>(null);
  const oneDriver = drivers.length === 1 ? drivers[0] ?? null : null;
  const driverError = tried && driverHere && !driverSignature ? t('timesheetSignoff.driverSignatureNeeded') : null;
  const nameError = tried && name.trim().length < 2 ? t('timesheetSignoff.nameNeeded') : null;
  const signError = tried && !signature ? t('timesheetSignoff.signatureNeeded') : null;
  const submit = () => {
    setTried(true);
    if (driverHere && !driverSignature) return;
    if (signature && name.trim().length >= 2) onSign(signature, name.trim(), driverHere ? driverSignature : null);
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
        {oneDriver !== null && (
          <Switch size="md" checked={driverHere} onChange={(e) => setDriverHere(e.currentTarget.checked)} label={t('timesheetSignoff.driverHere', { name: oneDriver })} />
        )}
        {oneDriver !== null && driverHere && (
          <>
            <SignaturePad label={t('timesheetSignoff.driverSignature', { name: oneDriver })} onChange={setDriverSignature} height={200} />
            {driverError && <Text size="sm" c="red.8" role="alert">{driverError}</Text>}
          </>
        )}
        {error !== null && error !== undefined && <Alert color="red" variant="light" role="alert">{message(error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>{t('timesheetSignoff.cancel')}</Button>
          <Button onClick={submit} loading={busy} data-testid="signoff-submit">{t('timesheetSignoff.signOff', { count: drivers.length })}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
