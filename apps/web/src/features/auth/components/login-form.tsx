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
import { type ChangeEvent, type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSessionCaches } from '../../../shared/query-client.ts';
import { session } from '../../../shared/session/session-store.ts';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { rememberOpener } from '../../../shared/ui/focus-return.ts';
import { LoadingMessage } from '../../../shared/ui/loading-message.tsx';
import { type Credentials, loadAuthBodies, login } from '../api/auth-api.ts';

// Few visitors need it: its modal (focus trap, scroll lock, portal) is fetched when the link is pressed,
// not with the login page (issue 10, item 13).
const ForgotPasswordModal = lazy(() => import('./forgot-password-modal.tsx').then((m) => ({ default: m.ForgotPasswordModal })));

type FieldErrors = Partial<Record<'user' | 'pass', string>>;

/** E-mail and password; on success the user is stored and the page redirects to the user's landing. */
export function LoginForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [forgotOpen, setForgotOpen] = useState(false);
  // The modal is unmounted when closed, so its own focus return never runs: put focus back on the link.
  const forgotReturn = useRef<(() => void) | null>(null);
  const openForgot = () => {
    forgotReturn.current = rememberOpener();
    setForgotOpen(true);
  };
  const closeForgot = () => {
    setForgotOpen(false);
    forgotReturn.current?.();
    forgotReturn.current = null;
  };
  const mutation = useMutation({
    mutationFn: (c: Credentials) => login(c),
    onSuccess: ({ user }) => {
      clearSessionCaches();
      session.setUser(user);
    },
  });

  // A failed sign-in's message belongs to the attempt: it goes as soon as the user edits a field or a
  // new attempt shows its own hints, so it never sits stale above them.
  const edit = (set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.currentTarget.value);
    if (mutation.isError) mutation.reset();
  };

  // The form's checks use zod, which stays out of the login page's first download: it is fetched once
  // the form shows (and awaited by a submit that comes first).
  useEffect(() => {
    void loadAuthBodies();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    mutation.reset();
    const { loginBodySchema } = await loadAuthBodies();
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
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('login.title')}>
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
            onChange={edit(setEmail)}
            error={fieldErrors.user}
            // The page's one task: the cursor starts in the first field.
            autoFocus
            required
            withAsterisk={false}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            value={password}
            onChange={edit(setPassword)}
            error={fieldErrors.pass}
            required
            withAsterisk={false}
          />
          <Button type="submit" fullWidth mt={4}>
            {t('login.submit')}
          </Button>
          <Group justify="center">
            <Anchor component="button" type="button" size="sm" onClick={openForgot}>
              {t('login.forgot')}
            </Anchor>
          </Group>
        </Stack>
      </form>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordModal opened initialEmail={email} onClose={closeForgot} />
        </Suspense>
      )}
    </Box>
  );
}
