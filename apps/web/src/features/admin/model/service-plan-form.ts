import type { ServicePlanAnswer, servicePlanBodySchema, UnitSystem } from '@fleet/shared';
import { odometerToKm, odometerValue } from '../../../shared/format/units.ts';
import type { z } from 'zod';

/** The service plan as typed: each field may be left empty ("not planned"); the odometer in the site's unit (mi or km). */
export interface ServicePlanForm {
  duedate: string;
  duekm: string;
  duehours: string;
}

export type ServicePlanField = keyof ServicePlanForm;
export type ServicePlanProblem = 'badDate' | 'badNumber' | 'tooLarge';
export type ServicePlanBody = z.infer<typeof servicePlanBodySchema>;

/** The limits of setserviceplan (servicePlanBodySchema). */
const MAX: Record<'duekm' | 'duehours', number> = { duekm: 10_000_000, duehours: 1_000_000 };

export function formOf(plan: Pick<ServicePlanAnswer, 'duedate' | 'duekm' | 'duehours'>, system: UnitSystem): ServicePlanForm {
  return {
    duedate: plan.duedate ?? '',
    duekm: plan.duekm === null ? '' : String(odometerValue(plan.duekm, system) ?? ''),
    duehours: plan.duehours === null ? '' : String(plan.duehours),
  };
}

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** '120,000' or '120 000' reads as 120000; anything else that is not a plain non-negative number is refused. */
function readNumber(s: string, max: number): number | null | ServicePlanProblem {
  const plain = s.trim().replace(/[,\s]/g, '');
  if (plain === '') return null;
  if (!/^\d+(\.\d+)?$/.test(plain)) return 'badNumber';
  const n = Number(plain);
  return n > max ? 'tooLarge' : n;
}

/**
 * The setserviceplan body for what was typed, or the problem of each bad field. An empty field
 * clears that part of the plan; all three empty means the unit has no plan.
 */
export function bodyOf(uid: number, form: ServicePlanForm, system: UnitSystem, savedKm: number | null = null):
  | { body: ServicePlanBody; problems?: undefined }
  | { body?: undefined; problems: Partial<Record<ServicePlanField, ServicePlanProblem>> } {
  const problems: Partial<Record<ServicePlanField, ServicePlanProblem>> = {};
  const date = form.duedate.trim();
  if (date !== '' && !isCalendarDate(date)) problems.duedate = 'badDate';
  const typed = readNumber(form.duekm, system === 'imperial' ? MAX.duekm / odometerToKm(1, system) : MAX.duekm);
  // Stored in km; a figure typed in miles is converted, to the metre. The figure shown for the saved
  // plan, left as it was, keeps the saved km (no drift from rounding to whole miles at each save).
  const km = typeof typed !== 'number' ? typed
    : savedKm !== null && typed === odometerValue(savedKm, system) ? savedKm
      : Math.round(odometerToKm(typed, system) * 1000) / 1000;
  if (typeof km === 'string') problems.duekm = km;
  const hours = readNumber(form.duehours, MAX.duehours);
  if (typeof hours === 'string') problems.duehours = hours;
  if (Object.keys(problems).length > 0 || typeof km === 'string' || typeof hours === 'string') return { problems };
  return { body: { uid, duedate: date === '' ? null : date, duekm: km, duehours: hours } };
}
