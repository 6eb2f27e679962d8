import { loginBodySchema } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { buildLoginBody } from './auth-api.ts';

describe('buildLoginBody', () => {
  it('sends the product, the spec version string and a trimmed e-mail', () => {
    const body = buildLoginBody({ user: ' a@b.test ', pass: 'p' }, true);
    expect(body).toEqual({
      product: 'fleet',
      versionstring: 'LIVE:231',
      profile: 'web',
      user: 'a@b.test',
      pass: 'p',
    });
    expect(loginBodySchema.safeParse(body).success).toBe(true);
  });
  it('uses DEV outside production builds', () => {
    expect(buildLoginBody({ user: 'a', pass: 'p' }, false).versionstring).toBe('DEV:231');
  });
});
