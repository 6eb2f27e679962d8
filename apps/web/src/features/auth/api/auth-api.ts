import {
  changePasswordBodySchema,
  type LoginBody,
  loginAnswerSchema,
  passwordResetBodySchema,
  plainSuccessSchema,
  resetPasswordRequestBodySchema,
  userAnswerSchema,
  versionString,
} from '@fleet/shared';
import { api } from '../../../shared/api/api.ts';

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
  return api.post('login', loginAnswerSchema, buildLoginBody(credentials, import.meta.env.PROD), {
    testing: '',
  });
}

export function fetchCurrentUser(signal?: AbortSignal) {
  return api.get('user', userAnswerSchema, undefined, signal);
}

export function changePassword(pwd: string) {
  return api.post('changepassword', userAnswerSchema, changePasswordBodySchema.parse({ pwd }));
}

/** Asks the server to e-mail a reset link; the answer is the same for unknown addresses. */
export function requestPasswordReset(email: string) {
  return api.post('resetpassword', plainSuccessSchema, resetPasswordRequestBodySchema.parse({ email }));
}

/** Completes a reset from an e-mailed link. */
export function resetPassword(body: { email: string; guid: string; pwd: string }) {
  return api.post('passwordreset', plainSuccessSchema, passwordResetBodySchema.parse(body));
}
