import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { MailService } from '../mail/index.ts';
import type { AuthRepository } from './auth.repository.ts';
import { authService } from './auth.service.ts';
import type { SessionService } from './session.service.ts';

const KNOWN = 'known@example.com';
const user = { id: 7, email: KNOWN, name: 'Known', disabled: false, passwordHash: 'x', customerId: null };
const brand = { id: 1, name: 'Fleetwise', publicUrl: 'http://fleet.test', senderAddress: 'no-reply@fleet.test' };

/** The service on recording fakes: every repository and mail call is written to `calls`. */
function recorded() {
  const calls: string[] = [];
  const record = <T>(name: string, answer: (...args: unknown[]) => T) => (...args: unknown[]) => {
    calls.push(name);
    return Promise.resolve(answer(...args));
  };
  const repo = {
    userByEmail: record('userByEmail', (email) => (String(email).toLowerCase() === KNOWN ? user : undefined)),
    brandOfUser: record('brandOfUser', () => brand),
    createReset: record('createReset', () => undefined),
  } as unknown as AuthRepository;
  const mail = { send: record('mail.send', () => undefined), settled: () => Promise.resolve() } as unknown as MailService;
  const auth = authService({
    repo, mail, sessions: {} as SessionService, log: pino({ level: 'silent' }),
    limits: { failuresPerAccount: 5, resetsPerAccount: 3 },
  });
  return { auth, calls };
}

describe('reset request', () => {
  it('does the same work on the request path for a known and an unknown address', async () => {
    const known = recorded();
    const unknown = recorded();
    const answers = [known.auth.requestReset(KNOWN), unknown.auth.requestReset('nobody@example.com')];
    // What ran before the call returned is the request's share of the work: the same for both.
    expect(known.calls).toEqual(unknown.calls);
    expect(answers[0]).toBeUndefined();
    expect(answers[1]).toBeUndefined();
    // The rest happens on the queue, off the request path.
    await known.auth.settled();
    await unknown.auth.settled();
    expect(known.calls).toEqual(['userByEmail', 'brandOfUser', 'createReset', 'mail.send']);
    expect(unknown.calls).toEqual(['userByEmail']);
  });

  it('counts reset mails per account, never per unknown address', async () => {
    const { auth, calls } = recorded();
    for (let i = 0; i < 5; i++) auth.requestReset(KNOWN.toUpperCase());
    await auth.settled();
    expect(calls.filter((c) => c === 'mail.send')).toHaveLength(3);
  });
});
