/** A text message as a provider is given it. */
export interface SmsMessage { to: string; from: string; text: string }

/**
 * Where text messages go (issue 15): a real provider when one is set up, else none — then the
 * message is only kept in the SMS outbox and the page says so. Every message is kept either way.
 */
export interface SmsProvider {
  /** Its name as the outbox records it: 'http' for the HTTP provider, 'outbox' for none. */
  readonly name: string;
  /** False when nothing is set up: messages are only kept. */
  readonly configured: boolean;
  /** Sends one message; throws an error whose message says what the provider answered. */
  send(message: SmsMessage): Promise<void>;
}

/** The SMS settings (SMS_URL, SMS_TOKEN, SMS_FROM in config.ts). */
export interface SmsSettings { url?: string; token?: string; from?: string }

/** No provider: messages are kept in the outbox only. */
export const outboxOnly: SmsProvider = {
  name: 'outbox',
  configured: false,
  async send() { /* kept by the caller; nothing to send */ },
};

const TIMEOUT_MS = 10_000;

/**
 * An SMS gateway over HTTP: POST {url} with JSON { to, from, text } and, when a token is set,
 * `Authorization: Bearer <token>`; any 2xx answer is taken as accepted. Most gateways (or a small
 * adapter in front of one) take this shape; the token is never logged nor kept.
 */
export function httpSmsProvider(url: string, token?: string): SmsProvider {
  return {
    name: 'http',
    configured: true,
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      let res: Response;
      try {
        res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message), signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (err) {
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        throw new Error(timedOut ? `the SMS provider did not answer in ${TIMEOUT_MS / 1000} s` : 'the SMS provider could not be reached', { cause: err });
      }
      const body = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
      if (!res.ok) throw new Error(`the SMS provider answered HTTP ${res.status}${body ? `: ${body}` : ''}`);
    },
  };
}

/** The provider the settings name: HTTP when SMS_URL is set, else the outbox only. */
export function smsProviderOf(settings: SmsSettings = {}): SmsProvider {
  return settings.url ? httpSmsProvider(settings.url, settings.token) : outboxOnly;
}

/**
 * The sender a brand's messages carry: SMS_FROM when set, else the brand's name as an
 * alphanumeric sender ID (letters and digits, at most 11, as networks allow).
 */
export function senderOf(brandName: string, from?: string): string {
  if (from) return from;
  const id = brandName.replace(/[^A-Za-z0-9]/g, '').slice(0, 11);
  return id || 'Fleet';
}
