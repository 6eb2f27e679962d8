import type { AvlRecord } from '@fleet/protocols';
import type { Page } from 'playwright-core';
import { apiGet, reportAsDevice } from './support.ts';

// Alerts raised by real device traffic for the alerts browser tests: a unit reports away from
// every place, then inside one of the site's geofences (a zone entry), and so on.

export interface Unit { unitid: number; deviceid: string; registration: string; unittype: number; siteid: number }
export interface AlertRecord { aid: number; uid: number; vehicle: string; kind: string; detail: string; cleared: string | null }

let seq = 0;
/** A position now-ish (each later than the last, or `daysAgo` days back), ignition on, panic as given. */
export function position(lat: number, lon: number, panic = 0, ignition = 1, daysAgo = 0): AvlRecord {
  return {
    timestampMs: Date.now() - daysAgo * 86_400_000 - 300_000 + ++seq * 1000, priority: panic ? 2 : 0, longitude: lon, latitude: lat, altitude: 50, angle: 0,
    satellites: 10, speedKmh: 20, eventIoId: 0,
    io: new Map([[239, { size: 1, value: ignition }], [2, { size: 1, value: panic }]]), ioVariable: new Map(),
  };
}

/** Open fell, far from every place of the demo sites. */
export const AWAY = [54.6, -2.6] as const;

/** The vans (unit type 1) of the signed-in user's current site, in the server's order. */
export async function siteVans(page: Page): Promise<Unit[]> {
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { customerid: number; siteid: number });
  const { units } = await apiGet<{ units: Unit[] }>(page, `units?cid=${user.customerid}`);
  return units.filter((u) => u.siteid === user.siteid && u.unittype === 1);
}

/** The centre of one of the site's geofences ('lat,lon' → numbers). */
export async function aGeofence(page: Page): Promise<[number, number]> {
  const siteid = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { siteid: number }).siteid);
  const { poi } = await apiGet<{ poi: { id: number; mode: number; gp: string | null }[] }>(page, `poi?siteid=${siteid}`);
  for (const p of poi.filter((x) => x.mode === 1 && x.gp)) {
    const g = await apiGet<{ poi: { geofence: boolean } }>(page, `getgeofence?id=${p.id}`);
    if (g.poi.geofence) return (p.gp as string).split(',').map(Number) as [number, number];
  }
  throw new Error('the demo site has no geofence');
}

/** Drives a unit into the geofence (one entry alert) and, with `leave`, out again (an exit alert too). */
export async function enterFence(unit: Unit, fence: readonly [number, number], leave = false): Promise<void> {
  const records = [position(...AWAY), position(fence[0], fence[1])];
  if (leave) records.push(position(...AWAY));
  await reportAsDevice(unit.deviceid, records);
}

/** A unit's alerts of a list as the server has them (open only, unless told). */
export async function alertsOf(page: Page, list: string, uid: number, open = true): Promise<AlertRecord[]> {
  const { alerts } = await apiGet<{ alerts: AlertRecord[] }>(page, `alertlist?list=${list}${open ? '&open=1' : ''}`);
  return alerts.filter((a) => a.uid === uid);
}
