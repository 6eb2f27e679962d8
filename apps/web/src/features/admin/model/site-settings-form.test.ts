import { DEFAULT_SITE_SETTINGS, type SiteSettingsAnswer } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf, speedInSiteUnit, speedKmh } from './site-settings-form.ts';

const choices = ['/tabs/tabs/fleet', '/tabs/tabs/dashboard', '/tabs/tabs/msg'];
const answer = (patch: Partial<SiteSettingsAnswer> = {}): SiteSettingsAnswer => ({
  ok: 1, siteid: 1, sitename: 'Leeds', timezone: 'Europe/London', unitsystem: 'imperial', image: '', settings: DEFAULT_SITE_SETTINGS,
  menuchoices: choices.map((link) => ({ name: link, icon: 'x', link })), ...patch,
});

describe('the fleetconfig form', () => {
  it('shows the speeding threshold in the site unit and stores it in km/h, round trip', () => {
    expect(speedInSiteUnit(113, 'imperial')).toBe(70);
    expect(speedKmh(70, 'imperial')).toBe(113);
    expect(speedInSiteUnit(113, 'metric')).toBe(113);
    const f = formOf(answer());
    expect(f.speeding).toBe(70);
    expect(bodyOf(f, choices).body?.settings).toMatchObject({ speedingKmh: 113, idleMinutes: 1, mapView: null, operatorMenu: null });
  });

  it('sends the kept menu entries in menu order, or null when all are kept', () => {
    const f = { ...formOf(answer()), operatorMenu: ['/tabs/tabs/msg', '/tabs/tabs/fleet'] };
    expect(bodyOf(f, choices).body?.settings?.operatorMenu).toEqual(['/tabs/tabs/fleet', '/tabs/tabs/msg']);
  });

  it('sends a fixed map view only when asked, and refuses what the server would', () => {
    const f = { ...formOf(answer()), fixedView: true, lat: 53.8, lon: -1.55, zoom: 11 };
    expect(bodyOf(f, choices).body?.settings?.mapView).toEqual({ lat: 53.8, lon: -1.55, zoom: 11 });
    const bad = bodyOf({ ...f, lat: 95, zoom: '', idleMinutes: -1, speeding: 200, operatorMenu: [] }, choices);
    expect(bad.errors).toEqual({ lat: 'lat', zoom: 'zoom', idleMinutes: 'idle', speeding: 'speedingMph', operatorMenu: 'menu' });
  });
});
