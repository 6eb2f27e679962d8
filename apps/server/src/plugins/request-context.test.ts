import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-context.ts';

describe('log redaction', () => {
  it('never lets a token or a reset link reach a log line', () => {
    expect(redactUrl('/api/v1/vehicles?siteid=1&token=abc.def&instanceuuid=u')).toBe('/api/v1/vehicles?siteid=1&token=[redacted]&instanceuuid=u');
    expect(redactUrl('/api/v1/user?token=secret')).toBe('/api/v1/user?token=[redacted]');
    expect(redactUrl('/resetpassword/a%40b.c/GUIDSECRET')).toBe('/resetpassword/[redacted]');
    expect(redactUrl('/tabs/tabs/fleet')).toBe('/tabs/tabs/fleet');
  });
});
