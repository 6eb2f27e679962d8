import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { email, httpOrigin, httpUrl, int, text } from '../api/primitives.ts';
import { brandMapSchema } from './brand.schema.ts';

/** The largest logo or favicon SVG the brand editor takes (characters): logos are drawings, not photographs. */
export const MAX_BRAND_SVG = 65_536;

/** A host name as browsers send it: lower-case letters, digits, dots and hyphens, no port ('fleet.example.com'). */
export const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const hostName = text(253).trim().toLowerCase().regex(HOST_NAME, 'must be a host name such as fleet.example.com (no scheme, port or path)');

/** A theme colour as #rrggbb (the web app derives its palette from it). */
const colour = text(7).trim().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb, such as #1c64d1').transform((s) => s.toLowerCase());

/** The sender of the brand's mail: an address, or a name and an address ('Fleetwise <no-reply@fleetwise.example>'). */
const sender = text(320).trim().refine((s) => {
  const m = /^(?:[^<>"]{1,200}\s)?<([^<>\s]+)>$/.exec(s);
  return email.safeParse(m ? m[1] : s).success;
}, 'must be an e-mail address, or a name and <address>, such as Fleetwise <no-reply@fleetwise.example>');

/** A link the brand's pages show: a full http(s) address or a path on the brand's own host ('/privacy'). */
const link = text(2000).trim().refine((s) => s === '' || /^\/(?!\/)[^\s]*$/.test(s) || httpUrl.safeParse(s).success,
  'must be a full http(s) address or a path starting with /, such as /privacy');

const svg = text(MAX_BRAND_SVG, { multiline: true, tooLong: `must be at most ${MAX_BRAND_SVG} characters (draw it simpler)` })
  .trim().min(1, 'give an SVG image');

const optionalUrl = z.preprocess((v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v), httpUrl.nullable());

/** A brand as the brand editor edits it (super administrators): everything of its white label. */
export const brandRecordSchema = z.object({
  id: z.number(),
  key: z.string(),
  isDefault: z.boolean(),
  hosts: z.array(z.string()),
  name: z.string(),
  strapline: z.string(),
  themeColor: z.string(),
  logoSvg: z.string(),
  faviconSvg: z.string(),
  senderAddress: z.string(),
  privacyUrl: z.string(),
  /** The public address of the brand's web app: password reset and welcome links are built from it. */
  publicUrl: z.string(),
  mapStyle: z.string().nullable(),
  mapSatellite: z.string().nullable(),
  mapHosts: z.array(z.string()),
  /** What the brand's maps use now (its own, else the installation's). */
  effectiveMap: brandMapSchema,
  updatedAt: z.string().nullable(),
});
export type BrandRecord = z.infer<typeof brandRecordSchema>;

/** brands (super administrators): the brands the caller may edit, and whether they may add one. */
export const brandsAnswerSchema = success({ brands: z.array(brandRecordSchema), canAdd: z.boolean() });

/** savebrand (super administrators): adds (id 0) or edits a brand. SVGs are sanitised before they are kept. */
export const saveBrandBodySchema = z.strictObject({
  /** 0 adds a brand (super administrators of the default brand only). */
  id: int(0, 2_147_483_647),
  /** A new brand's key (letters, digits, hyphens); fixed once made, ignored on an edit. */
  key: text(40).trim().toLowerCase().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and hyphens').optional(),
  hosts: z.array(hostName).min(1, 'give at least one host name').max(20, 'at most 20 host names'),
  name: text(100).trim().min(1, 'give the brand a name'),
  strapline: text(200).trim().default(''),
  themeColor: colour,
  logoSvg: svg,
  faviconSvg: svg,
  senderAddress: sender,
  privacyUrl: link.default(''),
  publicUrl: httpUrl,
  mapStyle: optionalUrl.default(null),
  mapSatellite: optionalUrl.default(null),
  mapHosts: z.array(httpOrigin).max(10, 'at most 10 map hosts').default([]),
});
export type SaveBrandBody = z.input<typeof saveBrandBodySchema>;
export const saveBrandAnswerSchema = success({ message: z.string(), brand: brandRecordSchema });

/** A phone number in international form, '+' then 7 to 15 digits (spaces allowed and dropped). */
export const phoneNumber = text(30).trim().transform((s) => s.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in international form, such as +447700900123'));

/** sendtestsms (super administrators): a text message through the SMS provider (the outbox when none is set up). */
export const sendTestSmsBodySchema = z.strictObject({
  to: phoneNumber,
  text: text(480, { multiline: true }).trim().min(1, 'write the message').optional(),
});
export type SendTestSmsBody = z.input<typeof sendTestSmsBodySchema>;

/** One text message kept in the SMS outbox (every message is kept, sent or not). */
export const smsMessageSchema = z.object({
  id: z.number(),
  to: z.string(),
  text: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

export const sendTestSmsAnswerSchema = success({
  message: z.string(),
  /** false: no SMS provider is set up (SMS_URL), the message is only kept in the outbox. */
  configured: z.boolean(),
  sms: smsMessageSchema,
});

/** smsoutbox (super administrators): the brand's latest text messages, newest first. */
export const smsOutboxAnswerSchema = success({ configured: z.boolean(), messages: z.array(smsMessageSchema) });
