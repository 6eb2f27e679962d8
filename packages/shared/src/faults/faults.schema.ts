import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { flagParam, id } from '../api/primitives.ts';

export const faultSeveritySchema = z.enum(['critical', 'warning', 'info']);

/**
 * One fault episode of a vehicle (unit_faults): from the report where the code appeared to the
 * first report whose fault list no longer held it (ended null: still reported). aid is the spn
 * alert it raised (null: recorded before issue 16, or its alert was deleted); cleared is when
 * that alert was cleared (clearspnalarm), null while it is open.
 */
export const faultEpisodeSchema = z.object({
  id: z.number(),
  uid: z.number(),
  vehicle: z.string(),
  code: z.string(),
  spn: z.number().nullable(),
  fmi: z.number().nullable(),
  /** The code in words (packages/shared faults catalogue). */
  text: z.string(),
  severity: faultSeveritySchema,
  first: z.string(),
  last: z.string(),
  ended: z.string().nullable(),
  active: z.boolean(),
  aid: z.number().nullable(),
  cleared: z.string().nullable(),
  clearedby: z.string().nullable(),
});
export type FaultEpisode = z.infer<typeof faultEpisodeSchema>;

export const vehicleFaultsQuerySchema = z.strictObject({ uid: id });
/** vehiclefaults: a vehicle's fault episodes, active first (most severe first), then newest first (at most 200); active counts those still reported. */
export const vehicleFaultsAnswerSchema = success({ uid: z.number(), active: z.number(), faults: z.array(faultEpisodeSchema) });
export type VehicleFaultsAnswer = z.infer<typeof vehicleFaultsAnswerSchema>;

export const siteFaultsQuerySchema = z.strictObject({ all: flagParam.optional() });
/** sitefaults: the current site's fault episodes still reported (all=1: also those ended in the last 30 days), at most 500. */
export const siteFaultsAnswerSchema = success({ faults: z.array(faultEpisodeSchema) });
export type SiteFaultsAnswer = z.infer<typeof siteFaultsAnswerSchema>;
