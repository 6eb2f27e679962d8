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
  text: z.string(),
  created: z.string(),
  sent: z.string().nullable(),
  error: z.string().nullable(),
});
export const outboxAnswerSchema = success({ mails: z.array(outboxMailSchema) });
