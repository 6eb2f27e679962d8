import { resetPasswordRequestBodySchema } from '@fleet/shared';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { requestPasswordReset } from '../api/auth-api.ts';

interface ForgotPasswordModalProps {
  opened: boolean;
  initialEmail: string;
  onClose(): void;
}

/** Asks for the e-mail address and requests a reset link; the confirmation never reveals whether it exists. */
export function ForgotPasswordModal({ opened, initialEmail, onClose }: ForgotPasswordModalProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  const close = () => {
    mutation.reset();
    setInvalid(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = resetPasswordRequestBodySchema.safeParse({ email });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? t('errors.generic'));
      return;
    }
    setInvalid(null);
    mutation.mutate(parsed.data.email);
  };

  return (
    <Modal opened={opened} onClose={close} title={t('forgot.title')} centered size="sm">
      {mutation.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {t('forgot.sent')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('forgot.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('forgot.text')}</Text>
            <TextInput
              label={t('forgot.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={invalid}
              data-autofocus
              required
              withAsterisk={false}
            />
            {mutation.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(mutation.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('forgot.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {t('forgot.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
