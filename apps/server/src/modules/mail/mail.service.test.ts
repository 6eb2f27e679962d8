import { describe, expect, it } from 'vitest';
import { SECRET_SLOT, splitSecret, withheldMarker, type Mail } from './mail.service.ts';

const base: Mail = { brandId: 1, userId: 1, to: 'a@example.com', from: 'b@example.com', subject: 'Reset', text: '' };
const link = 'http://fleet.test/resetpassword/a%40example.com/0123456789abcdefghijklmnop';

describe('mail secrets', () => {
  it('puts the secret only in the delivered copy; the stored copy carries a marker', () => {
    const out = splitSecret({ ...base, text: `Open:\n${SECRET_SLOT}\nBye`, secret: { kind: 'reset link', value: link } });
    expect(out.delivered).toBe(`Open:\n${link}\nBye`);
    expect(out.stored).toBe(`Open:\n${withheldMarker('reset link')}\nBye`);
    expect(out.stored).not.toContain(link);
    expect(out.withheld).toBe('reset link');
  });

  it('refuses a secret written into the text, the subject or html, and a slot without a secret', () => {
    const secret = { kind: 'reset link' as const, value: link };
    expect(() => splitSecret({ ...base, text: `Open ${link}`, secret })).toThrow();
    expect(() => splitSecret({ ...base, text: `Open ${link} ${SECRET_SLOT}`, secret })).toThrow();
    expect(() => splitSecret({ ...base, subject: link, text: SECRET_SLOT, secret })).toThrow();
    expect(() => splitSecret({ ...base, text: `${SECRET_SLOT} ${SECRET_SLOT}`, secret })).toThrow();
    expect(() => splitSecret({ ...base, text: SECRET_SLOT, html: '<p></p>', secret })).toThrow();
    expect(() => splitSecret({ ...base, text: `Hi ${SECRET_SLOT}` })).toThrow();
  });

  it('leaves mail without a secret as it is', () => {
    expect(splitSecret({ ...base, text: 'Unit 4 answered' })).toEqual({ stored: 'Unit 4 answered', delivered: 'Unit 4 answered', withheld: null });
  });
});
