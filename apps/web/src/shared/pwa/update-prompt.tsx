import { useUpdatePrompt } from './sw-update.ts';

/**
 * "A new version is ready" when a new service worker waits. The prompt's code is loaded by the
 * registration (register-sw.ts) only when there is a new version, so nothing of it (nor a lazy import
 * of it) sits in the first chunk the login page loads (build/login-weight.ts).
 */
export function UpdatePrompt() {
  const Prompt = useUpdatePrompt();
  return Prompt ? <Prompt /> : null;
}
