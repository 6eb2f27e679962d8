import { TABS_PREFIX } from '@fleet/shared/routes/routes';

/** The office's check list pages. */
export const VCL_ALERTS_PATH = `${TABS_PREFIX}/alerts/vcl`;
export const VCL_TEMPLATES_PATH = `${TABS_PREFIX}/config/vcls`;

export function vclViewerPath(id: number): string {
  return `${TABS_PREFIX}/vclviewer?id=${id}`;
}

/** ?id= of vclviewer: a positive whole number, else null. */
export function parseViewerId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
