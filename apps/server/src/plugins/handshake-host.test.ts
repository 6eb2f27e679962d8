import { describe, expect, it } from 'vitest';
import { handshakeHost, proxyTrust } from './auth.ts';

describe('the host of a socket handshake', () => {
  const headers = { host: 'localhost:8080', 'x-forwarded-host': 'northway.localhost' };

  it('ignores X-Forwarded-Host from a peer that is not a configured proxy (a client cannot pick its brand)', () => {
    expect(handshakeHost(headers, '203.0.113.9', proxyTrust(false))).toBe('localhost');
    expect(handshakeHost(headers, '203.0.113.9', proxyTrust(['10.0.0.0/8']))).toBe('localhost');
  });

  it('believes the last X-Forwarded-Host entry from a configured proxy, as Fastify does', () => {
    const h = { ...headers, 'x-forwarded-host': 'evil.example, northway.localhost' };
    expect(handshakeHost(h, '10.1.2.3', proxyTrust(['10.0.0.0/8']))).toBe('northway.localhost');
    expect(handshakeHost(h, '::ffff:10.1.2.3', proxyTrust(['10.0.0.0/8']))).toBe('northway.localhost');
  });

  it('falls back to Host without a forwarded header', () => {
    expect(handshakeHost({ host: 'northway.localhost:8080' }, '10.1.2.3', proxyTrust(['10.0.0.0/8']))).toBe('northway.localhost');
  });
});
