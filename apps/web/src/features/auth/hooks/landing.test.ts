import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING, landingPathFor } from './landing.ts';

const entry = (link: string) => ({ name: 'x', icon: 'car', link });

describe('landingPathFor', () => {
  it('prefers the startup setting', () => {
    expect(landingPathFor({ startup: 'dashboard', menu: [entry('/tabs/tabs/fleet')] })).toBe(
      '/tabs/tabs/dashboard',
    );
  });
  it('falls back to the first menu link', () => {
    expect(landingPathFor({ startup: '', menu: [entry('/tabs/tabs/msg'), entry('/tabs/tabs/fleet')] })).toBe(
      '/tabs/tabs/msg',
    );
  });
  it('skips external menu links', () => {
    expect(landingPathFor({ startup: '', menu: [entry('https://x.test'), entry('alerts/zone')] })).toBe(
      '/tabs/tabs/alerts/zone',
    );
  });
  it('uses the fleet page when there is nothing else', () => {
    expect(landingPathFor({ startup: ' ', menu: [] })).toBe(DEFAULT_LANDING);
  });
});
