import { LEAGUE_PERIODS, type LeaguePeriod } from '@fleet/shared';

/**
 * The league's period is remembered in the browser between visits; fleetnavigator/{reset} (any
 * value) forgets it, so the page opens on this week again (docs/decisions.md, issue 16 — perf).
 */
const KEY = 'fleetnavigator.period';
export const DEFAULT_PERIOD: LeaguePeriod = 'week';

export function readPeriod(storage: Pick<Storage, 'getItem'>): LeaguePeriod {
  const v = storage.getItem(KEY);
  return (LEAGUE_PERIODS as readonly string[]).includes(v ?? '') ? (v as LeaguePeriod) : DEFAULT_PERIOD;
}

export function savePeriod(storage: Pick<Storage, 'setItem'>, period: LeaguePeriod): void {
  storage.setItem(KEY, period);
}

export function forgetPeriod(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(KEY);
}
