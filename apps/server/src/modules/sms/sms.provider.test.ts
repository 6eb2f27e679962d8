import { describe, expect, it } from 'vitest';
import { senderOf, smsProviderOf } from './sms.provider.ts';

describe('SMS provider settings', () => {
  it('uses the HTTP provider only when SMS_URL is set', () => {
    expect(smsProviderOf({})).toMatchObject({ name: 'outbox', configured: false });
    expect(smsProviderOf({ url: 'http://127.0.0.1:9/send' })).toMatchObject({ name: 'http', configured: true });
  });

  it("sends as SMS_FROM, else the brand's name as an alphanumeric sender ID of at most 11 characters", () => {
    expect(senderOf('Northway Telematics', 'NORTHWAY')).toBe('NORTHWAY');
    expect(senderOf('Northway Telematics')).toBe('NorthwayTel');
    expect(senderOf('Fleetwise')).toBe('Fleetwise');
    expect(senderOf('—  ')).toBe('Fleet');
  });
});
