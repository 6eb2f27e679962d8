import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { email, text } from '../api/primitives.ts';
import { DEFAULT_UNIT_SYSTEM, unitSystemSchema } from '../rules/units.ts';

export const menuEntrySchema = z.object({
  name: z.string(),
  icon: z.string(),
  link: z.string(),
  /** Original link before an rnid suffix was added. */
  olink: z.string().optional(),
  /** Route-id flag: when 1 the link is suffixed with the route uuid of the last pick. */
  rnid: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type MenuEntry = z.infer<typeof menuEntrySchema>;

/** The signed-in user as the client stores it under local storage key 'user'. */
export const sessionUserSchema = z.object({
  userid: z.number(),
  name: z.string(),
  email: z.string(),
  siteid: z.number().nullable(),
  sitename: z.string(),
  customerid: z.number().nullable(),
  customername: z.string(),
  usertype: z.number(),
  token: z.string(),
  instanceuuid: z.string(),
  menu: z.array(menuEntrySchema),
  display: z.record(z.string(), z.unknown()),
  siteimg: z.string(),
  tracksec: z.union([z.literal(0), z.literal(1)]),
  lsys: z.string(),
  reset: z.union([z.literal(0), z.literal(1)]),
  startup: z.string(),
  /** The route uuid used for rnid menu links. */
  routeuuid: z.string(),
  /** The current site's unit system (issue 10); a session stored before it existed reads as the default. */
  unitsystem: unitSystemSchema.default(DEFAULT_UNIT_SYSTEM),
  /** A driver-mode session (issue 11): the driver signed in and the cab device they are on. */
  driver: z.object({ driverid: z.number(), name: z.string(), deviceid: z.number(), devicename: z.string() }).optional(),
  /**
   * The current site's settings everyone reads (issue 15): volume unit, report thresholds, map start,
   * navigator (siteViewSchema). Kept loose here and read with readSiteView where used, so the startup
   * path's light check stays small and a setting that does not read never signs anyone out.
   */
  sitesettings: z.record(z.string(), z.unknown()).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginQuerySchema = z.strictObject({ testing: text(10).optional() });
export const loginBodySchema = z.strictObject({
  product: text(100).optional(),
  versionstring: z.string().regex(/^(LIVE|DEV):231$/, "versionstring must be 'LIVE:231' or 'DEV:231'"),
  profile: text(200).optional(),
  // Not checked as an e-mail address here: a wrong one is refused like any unknown account.
  user: text(254).trim().min(1, 'Enter your e-mail address'),
  pass: text(1024).min(1, 'Enter your password'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
export const loginAnswerSchema = success({ user: sessionUserSchema });

export const changePasswordBodySchema = z.strictObject({ pwd: text(1024).min(1) });
export const passwordResetBodySchema = z.strictObject({
  email: text(254).trim().min(1),
  guid: text(200).min(1),
  pwd: text(1024).min(1),
});
/** Asks for a reset e-mail; the answer is the same whether or not the address is known. */
export const resetPasswordRequestBodySchema = z.strictObject({ email });

export const userAnswerSchema = success({ user: sessionUserSchema });
