import { TABS_PREFIX } from '@fleet/shared';

const MAX_ID = 2_147_483_647;

/** The protocol debugger of one unit (spec route debug/:uid). */
export function debugPath(unitId: number): string {
  return `${TABS_PREFIX}/debug/${unitId}`;
}

/** A unit id from a route parameter: a positive whole number, else null ('12a', '0', '-3', '1e3'). */
export function parseUnitId(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
}
