import { describe, expect, it } from 'vitest';
import { activeLinkIndex, isLinkActive, toAppPath } from './app-link.ts';

describe('toAppPath', () => {
  it.each([
    ['fleet', '/tabs/tabs/fleet'],
    ['/fleet', '/tabs/tabs/fleet'],
    ['tabs/tabs/dashboard', '/tabs/tabs/dashboard'],
    ['/tabs/tabs/fleet/abc', '/tabs/tabs/fleet/abc'],
    ['https://example.com/x', 'https://example.com/x'],
    ['  ', ''],
  ])('%j -> %j', (link, expected) => expect(toAppPath(link)).toBe(expected));
});

describe('isLinkActive', () => {
  it.each([
    ['/tabs/tabs/fleet', '/tabs/tabs/fleet', true],
    ['/tabs/tabs/fleet/uuid-1', '/tabs/tabs/fleet/uuid-2', false],
    ['/tabs/tabs/alerts/zone', '/tabs/tabs/alerts/panic', false],
    ['fleetfmsv', '/tabs/tabs/fleet', false],
    ['/tabs/tabs/fleet', '/fleet/12/34', true],
    ['/tabs/tabs/dashboard', '/tabs/tabs/fleet', false],
    ['/tabs/tabs/config', '/tabs/tabs/config/outbox', true],
    ['https://example.com', '/tabs/tabs/fleet', false],
  ])('%s on %s -> %s', (link, path, expected) => expect(isLinkActive(link, path)).toBe(expected));
});

describe('activeLinkIndex', () => {
  const links = ['/tabs/tabs/fleet', '/tabs/tabs/config', '/tabs/tabs/config/outbox'];
  it('marks only the most specific entry', () => {
    expect(activeLinkIndex(links, '/tabs/tabs/config/outbox')).toBe(2);
    expect(activeLinkIndex(links, '/tabs/tabs/config')).toBe(1);
    expect(activeLinkIndex(links, '/config/users')).toBe(1);
  });
  it('is -1 when nothing matches', () => expect(activeLinkIndex(links, '/tabs/tabs/dashboard')).toBe(-1));
});
