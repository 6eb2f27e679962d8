import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id, int } from '../api/primitives.ts';
import { sessionUserSchema } from '../auth/auth.schema.ts';

/** company == customer: the tenant that owns sites. `companies` lists those the caller may pick. */
export const companiesAnswerSchema = success({
  companies: z.array(z.object({ companyid: z.number(), name: z.string(), sites: z.number() })),
});

export const customersQuerySchema = z.strictObject({ cid: id.optional() });
export const customersAnswerSchema = success({
  customers: z.array(
    z.object({
      cid: z.number(),
      name: z.string(),
      sites: z.array(z.object({ siteid: z.number(), sitename: z.string() })),
    }),
  ),
});

/** pick?companyid&cid: companyid is the customer, cid the site within it (first site when omitted). */
export const pickQuerySchema = z.strictObject({ companyid: id, cid: id.optional() });
export const pickAnswerSchema = success({ user: sessionUserSchema });

export const siteQuerySchema = z.strictObject({ siteid: id });
export const cidQuerySchema = z.strictObject({ cid: id });

/** The longest position retention one may set: a century, in months. */
export const MAX_RETENTION_MONTHS = 1200;
/**
 * setretention (super administrators, issue 12): how many months of positions a customer keeps;
 * null keeps them all. Older positions are deleted by the server's daily partition upkeep; trips stay.
 */
export const setRetentionBodySchema = z.strictObject({
  cid: id,
  months: int(1, MAX_RETENTION_MONTHS).nullable(),
});
export const setRetentionAnswerSchema = success({
  customer: z.object({ cid: z.number(), name: z.string(), months: z.number().nullable() }),
  message: z.string(),
});
