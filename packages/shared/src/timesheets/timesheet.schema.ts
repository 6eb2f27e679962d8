import { z } from 'zod';

/**
 * The shapes the timesheet rules produce (issue 14 groundwork): a driver's shifts of a week and the
 * week's days and totals. Times are ISO 8601 UTC; days are 'YYYY-MM-DD' in the site's zone;
 * durations are whole seconds. The calls that will answer them (gettimesheets …) wrap these.
 */

/** What the rules read of a trip: a journeys Segment of kind 'trip' fits as it is. */
export interface TimesheetTrip {
  id: number;
  start: string;
  end: string;
  drivingS: number;
  idleS: number;
  unitid: number;
  registration: string;
}

export const shiftBreakSchema = z.object({ start: z.string(), end: z.string(), durationS: z.number() });
export type ShiftBreak = z.infer<typeof shiftBreakSchema>;

export const shiftVehicleSchema = z.object({ unitid: z.number(), registration: z.string() });

/** The time counts a shift, a day and a week share; duration = driving + idling + breaks + other. */
const counts = {
  durationS: z.number(),
  drivingS: z.number(),
  idleS: z.number(),
  breakS: z.number(),
  otherS: z.number(),
  nightS: z.number(),
};

/**
 * One shift: the driver's trips joined while the rest between them is under 4 hours, on any
 * vehicles, belonging to the local day of its first start. `otherS` is time between trips too
 * short to be a break (loading, a delivery, a short halt with the engine off).
 */
export const timesheetShiftSchema = z.object({
  day: z.string(),
  start: z.string(),
  end: z.string(),
  ...counts,
  breaks: z.array(shiftBreakSchema),
  vehicles: z.array(shiftVehicleSchema),
  tripIds: z.array(z.number()),
});
export type TimesheetShift = z.infer<typeof timesheetShiftSchema>;

/** What a day and a week add to the shifts' counts: time paid, and overtime against the pattern. */
const paid = {
  shifts: z.number(),
  plannedS: z.number(),
  workedS: z.number(),
  dailyOvertimeS: z.number(),
  weeklyOvertimeS: z.number(),
  overtimeS: z.number(),
};

/** One local day of the week: its real length (23, 24 or 25 hours), its plan, its shifts' totals. */
export const timesheetDaySchema = z.object({
  day: z.string(),
  from: z.string(),
  to: z.string(),
  lengthS: z.number(),
  plannedStart: z.string().nullable(),
  plannedEnd: z.string().nullable(),
  paidBreakS: z.number(),
  ...counts,
  ...paid,
});
export type TimesheetDay = z.infer<typeof timesheetDaySchema>;

export const timesheetTotalsSchema = z.object({ ...counts, ...paid });
export type TimesheetTotals = z.infer<typeof timesheetTotalsSchema>;

/** A driver's week: Monday to Sunday in the site's zone, its shifts, days and totals. */
export const timesheetWeekSchema = z.object({
  weekCommencing: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  shifts: z.array(timesheetShiftSchema),
  days: z.array(timesheetDaySchema),
  totals: timesheetTotalsSchema,
});
export type TimesheetWeek = z.infer<typeof timesheetWeekSchema>;
