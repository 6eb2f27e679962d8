import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-context.ts';

describe('log redaction', () => {
  it('never lets a token or a reset link reach a log line', () => {
    expect(redactUrl('/api/v1/vehicles?siteid=1&token=abc.def&instanceuuid=u')).toBe('/api/v1/vehicles?siteid=1&token=[redacted]&instanceuuid=u');
    expect(redactUrl('/api/v1/user?token=secret')).toBe('/api/v1/user?token=[redacted]');
    expect(redactUrl('/resetpassword/a%40b.c/GUIDSECRET')).toBe('/resetpassword/[redacted]');
    expect(redactUrl('/tabs/tabs/fleet')).toBe('/tabs/tabs/fleet');
  });

  it('redacts on the parsed query and the decoded path, whatever the spelling', () => {
    // The server reads 'to%6Ben' as 'token' (and accepts it): the log must not show its value.
    expect(redactUrl('/api/v1/user?to%6Ben=SECRET1')).toBe('/api/v1/user?token=[redacted]');
    expect(redactUrl('/api/v1/user?TOKEN=SECRET2&x=1')).toBe('/api/v1/user?TOKEN=[redacted]&x=1');
    expect(redactUrl('/api/v1/user?%74oken=SECRET3&token=SECRET4')).toBe('/api/v1/user?token=[redacted]&token=[redacted]');
    expect(redactUrl('/api/v1/passwordreset?gu%69d=SECRET5&p%77d=SECRET6')).not.toMatch(/SECRET/);
    expect(redactUrl('/%72esetpassword/a%40b.c/SECRET7')).toBe('/resetpassword/[redacted]');
    expect(redactUrl('/%2572esetpassword/a%40b.c/SECRET8')).toBe('/resetpassword/[redacted]');
    expect(redactUrl('/ReSetPassword/a@b.c/SECRET9')).not.toMatch(/SECRET/);
  });
});
