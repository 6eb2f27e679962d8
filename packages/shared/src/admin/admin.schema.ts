import { z } from 'zod';
import { success } from '../api/envelope.ts';

export const outboxQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  created: z.string(),
  sent: z.string().nullable(),
  error: z.string().nullable(),
});
export const outboxAnswerSchema = success({ mails: z.array(outboxMailSchema) });
