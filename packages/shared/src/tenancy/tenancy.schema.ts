import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id } from '../api/primitives.ts';
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
