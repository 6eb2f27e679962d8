import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { int } from '../api/primitives.ts';

export const outboxQuerySchema = z.strictObject({
  limit: int(1, 200).optional(),
});
export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  /** Never holds a secret: a reset or welcome link is replaced by a marker. */
  text: z.string(),
  /** What was withheld from this copy (e.g. 'reset link'), or null. */
  withheld: z.string().nullable(),
  created: z.string(),
  sent: z.string().nullable(),
  error: z.string().nullable(),
});
export const outboxAnswerSchema = success({ mails: z.array(outboxMailSchema) });
