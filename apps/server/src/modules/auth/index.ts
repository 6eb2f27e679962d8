/**
 * The auth module's door: sign-in, sessions and passwords. The caller of a request (Caller,
 * callerOf) is in lib/caller.ts, used by the auth plugin and every module alike.
 */
export { authRoutes } from './auth.routes.ts';
export { authRepository, type AuthRepository } from './auth.repository.ts';
export { authService, type AuthService } from './auth.service.ts';
export { sessionRepository, type SessionRepository } from './session.repository.ts';
export { sessionService, type SessionService } from './session.service.ts';
export { BACKOFF_BASE_MS, BACKOFF_CAP_MS, BACKOFF_FORGET_MS } from './auth.service.ts';
export { OPERATOR_MENU_CHOICES } from './menus.ts';
export { type AttemptStore, memoryAttempts, postgresAttempts, postgresRateLimitStore } from './attempts.ts';
