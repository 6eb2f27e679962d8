import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT, requestIdOf } from './logging.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a short plain incoming X-Request-Id', () => {
    for (const id of ['abc', 'lb-7f3a:0042', 'Root=1-67891233-abcdef012345678912345678', 'a'.repeat(128)]) {
      expect(requestIdOf({ headers: { 'x-request-id': id } })).toBe(id);
    }
  });

  it('makes a new UUID for none, an overlong one, or one with spaces, quotes or control characters', () => {
    for (const given of [undefined, '', 'a'.repeat(129), 'a b', 'x"y', 'line\nbreak', 'tab\t', '<script>', 'é']) {
      expect(requestIdOf({ headers: { 'x-request-id': given } }), String(given)).toMatch(UUID);
    }
    expect(requestIdOf({ headers: { 'x-request-id': ['a', 'b'] as unknown as string } })).toMatch(UUID);
    expect(requestIdOf({ headers: {} })).not.toBe(requestIdOf({ headers: {} }));
  });
});

describe('log redaction', () => {
  it('blanks credentials in request headers and secret-named fields at the top or one level down', () => {
    const out: string[] = [];
    const log = pino({ redact: LOG_REDACT }, { write: (l: string) => { out.push(l); } });
    log.info({
      req: { headers: { authorization: 'Bearer s1', cookie: 'c=s2', 'x-xsrf-token': 's3', accept: 'text/html' } },
      password: 's4', body: { pass: 's5', user: 'someone' }, config: { secretAccessKey: 's6', apiKey: 's7', region: 'eu' },
      token: 's8', res: { headers: { 'set-cookie': 's9' } },
    }, 'line');
    const [line] = out;
    for (const secret of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9']) expect(line).not.toContain(`"${secret}`);
    expect(JSON.parse(line!)).toMatchObject({
      req: { headers: { authorization: '[redacted]', accept: 'text/html' } }, body: { pass: '[redacted]', user: 'someone' },
      config: { region: 'eu', apiKey: '[redacted]' },
    });
  });
});
