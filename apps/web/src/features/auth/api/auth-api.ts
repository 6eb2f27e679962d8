import type { LoginBody } from '@fleet/shared';
import { versionString } from '@fleet/shared/rules/version';
import { api } from '../../../shared/api/api.ts';
import { plainSuccessCheck, userAnswerCheck } from '../../../shared/api/light-checks.ts';

/** The request bodies' zod schemas (auth-bodies.ts), fetched with the first call that needs them. */
export const loadAuthBodies = () => import('./auth-bodies.ts');

/** The login body without the fixed parts every sign-in sends. */
export type Credentials = Pick<LoginBody, 'user' | 'pass'>;

export function buildLoginBody(credentials: Credentials, production: boolean): LoginBody {
  return {
    product: 'fleet',
    versionstring: versionString(production ? 'LIVE' : 'DEV'),
    profile: 'web',
    user: credentials.user.trim(),
    pass: credentials.pass,
  };
}

export function login(credentials: Credentials) {
  return api.post('login', userAnswerCheck, buildLoginBody(credentials, import.meta.env.PROD), {
    testing: '',
  });
}

export function fetchCurrentUser(signal?: AbortSignal) {
  return api.get('user', userAnswerCheck, undefined, signal);
}

export async function changePassword(pwd: string) {
  const { changePasswordBodySchema } = await loadAuthBodies();
  return api.post('changepassword', userAnswerCheck, changePasswordBodySchema.parse({ pwd }));
}

/** Asks the server to e-mail a reset link; the answer is the same for unknown addresses. */
export async function requestPasswordReset(email: string) {
  const { resetPasswordRequestBodySchema } = await loadAuthBodies();
  return api.post('resetpassword', plainSuccessCheck, resetPasswordRequestBodySchema.parse({ email }));
}

/** Completes a reset from an e-mailed link. */
export async function resetPassword(body: { email: string; guid: string; pwd: string }) {
  const { passwordResetBodySchema } = await loadAuthBodies();
  return api.post('passwordreset', plainSuccessCheck, passwordResetBodySchema.parse(body));
}
