import { notifications } from '@mantine/notifications';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../../shared/session/session-actions.ts';
import { session, useSessionUser } from '../../../shared/session/session-store.ts';
import { changePassword, resetPassword } from '../api/auth-api.ts';
import { closeChangePassword, useChangePasswordRequest } from '../hooks/change-password-store.ts';

// Most sessions never open it; keep its form and rules out of the first download.
// Its loader is a chunk of its own (modal-loaders.ts), so the entry does not carry the modal's preload list.
const ChangePasswordModal = lazy(() =>
  import('./modal-loaders.ts')
    .then((l) => l.loadChangePasswordModal())
    .then((m) => ({ default: m.ChangePasswordModal })),
);

/**
 * Mounted once at the root. Opens the modal when asked (menu, reset link) and forces it open while the
 * signed-in user must change their password (user.reset === 1).
 */
export function ChangePasswordHost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const request = useChangePasswordRequest();
  const forced = user?.reset === 1 && request?.mode !== 'reset';
  const mode = forced ? 'forced' : (request?.mode ?? 'manual');

  const submit = async (pwd: string) => {
    if (mode === 'reset') {
      await resetPassword({ email: request?.email ?? '', guid: request?.guid ?? '', pwd });
      closeChangePassword();
      notifications.show({
        title: t('password.resetTitle'),
        message: t('password.resetDone'),
        color: 'teal',
      });
      navigate('/login', { replace: true });
      return;
    }
    const answer = await changePassword(pwd);
    // The server revoked every old token; the answer carries the new one.
    session.setUser(answer.user);
    closeChangePassword();
    if (mode === 'manual') {
      notifications.show({ title: t('password.changed'), message: t('password.changedText'), color: 'teal' });
    }
  };

  const cancel = () => {
    closeChangePassword();
    if (mode === 'forced') void signOut();
    else if (mode === 'reset') navigate('/login', { replace: true });
  };

  const opened = forced || request !== null;
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ChangePasswordModal opened mode={mode} onSubmit={submit} onCancel={cancel} />
    </Suspense>
  );
}
