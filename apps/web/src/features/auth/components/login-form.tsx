import { loginBodySchema } from '@fleet/shared';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  LoadingOverlay,
  PasswordInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSessionCaches } from '../../../shared/query-client.ts';
import { session } from '../../../shared/session/session-store.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import { type Credentials, login } from '../api/auth-api.ts';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';

type FieldErrors = Partial<Record<'user' | 'pass', string>>;

/** E-mail and password; on success the user is stored and the page redirects to the user's landing. */
export function LoginForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [forgotOpen, setForgotOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (c: Credentials) => login(c),
    onSuccess: ({ user }) => {
      clearSessionCaches();
      session.setUser(user);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = loginBodySchema
      .pick({ user: true, pass: true })
      .safeParse({ user: email, pass: password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    mutation.mutate(parsed.data);
  };

  return (
    <Box pos="relative">
      <LoadingOverlay
        visible={mutation.isPending || mutation.isSuccess}
        overlayProps={{ blur: 1 }}
        loaderProps={{ children: <LoadingMessage message={t('login.settingUp')} /> }}
      />
      <form onSubmit={submit} noValidate aria-label={t('login.title')}>
        <Stack gap="sm">
          {mutation.isError && (
            <Alert color="red" variant="light" role="alert" title={t('login.failed')}>
              {errorMessage(mutation.error)}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.user}
            required
            withAsterisk={false}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.pass}
            required
            withAsterisk={false}
          />
          <Button type="submit" fullWidth mt={4}>
            {t('login.submit')}
          </Button>
          <Group justify="center">
            <Anchor component="button" type="button" size="sm" onClick={() => setForgotOpen(true)}>
              {t('login.forgot')}
            </Anchor>
          </Group>
        </Stack>
      </form>
      {forgotOpen && <ForgotPasswordModal opened initialEmail={email} onClose={() => setForgotOpen(false)} />}
    </Box>
  );
}
