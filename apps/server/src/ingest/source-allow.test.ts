import { describe, expect, it } from 'vitest';
import { parseNetworks, sourceAllowed } from './source-allow.ts';

describe('source allow-lists', () => {
  it('accepts any source without a list', () => {
    expect(sourceAllowed(undefined, '203.0.113.9')).toBe(true);
  });

  it('matches IPv4 and IPv6 networks, IPv4-mapped addresses and single addresses', () => {
    const list = parseNetworks('10.0.0.0/8, 2001:db8::/32,192.0.2.7');
    expect(sourceAllowed(list, '10.200.1.2')).toBe(true);
    expect(sourceAllowed(list, '::ffff:10.1.2.3')).toBe(true);
    expect(sourceAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(sourceAllowed(list, '192.0.2.7')).toBe(true);
    expect(sourceAllowed(list, '192.0.2.8')).toBe(false);
    expect(sourceAllowed(list, '11.0.0.1')).toBe(false);
    expect(sourceAllowed(list, '2001:db9::1')).toBe(false);
    expect(sourceAllowed(list, undefined)).toBe(false);
    expect(sourceAllowed(list, 'not an address')).toBe(false);
  });

  it('names the entry that is not a network', () => {
    expect(() => parseNetworks('10.0.0.0/8, 10.0.0.0/33')).toThrow("'10.0.0.0/33' is not an address or network");
    expect(() => parseNetworks('example.com')).toThrow("'example.com'");
    expect(() => parseNetworks(' , ')).toThrow('empty');
  });
});
