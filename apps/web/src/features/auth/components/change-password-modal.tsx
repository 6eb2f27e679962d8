import { checkPassword } from '@fleet/shared';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import type { ChangePasswordMode } from '../hooks/change-password-store.ts';
import { PasswordRules } from './password-rules.tsx';

interface ChangePasswordModalProps {
  opened: boolean;
  mode: ChangePasswordMode;
  /** Performs the change or reset; rejects with the server's error. */
  onSubmit(password: string): Promise<void>;
  onCancel(): void;
}

/** The spec's change-password modal; a forced change cannot be dismissed except through Cancel. */
export function ChangePasswordModal({ opened, mode, onSubmit, onCancel }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const rulesId = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const check = checkPassword(password, confirmation);
  const dismissable = mode === 'manual';

  const reset = () => {
    setPassword('');
    setConfirmation('');
    setError(null);
  };
  const cancel = () => {
    reset();
    onCancel();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check.valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
      reset();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const text = {
    manual: t('password.manualText'),
    forced: t('password.forcedText'),
    reset: t('password.resetText'),
  };
  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={mode === 'reset' ? t('password.resetTitle') : t('password.changeTitle')}
      closeOnClickOutside={dismissable}
      closeOnEscape={mode !== 'forced'}
      withCloseButton={mode !== 'forced'}
      centered
      size="sm"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{text[mode]}</Text>
          <PasswordInput
            label={t('password.newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            aria-describedby={rulesId}
            data-autofocus
            required
            withAsterisk={false}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={confirmation !== '' && !check.matches ? t('password.mismatch') : undefined}
            required
            withAsterisk={false}
          />
          <PasswordRules id={rulesId} check={check} />
          {error !== null && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={cancel} disabled={busy}>
              {t('password.cancel')}
            </Button>
            <Button type="submit" disabled={!check.valid} loading={busy}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
