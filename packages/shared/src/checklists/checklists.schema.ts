import { z } from 'zod';
import { datetime, id, int, MAX_ID, num, text } from '../api/primitives.ts';

/**
 * Issue 11: uploads (fault photos, signatures), vehicle check lists and their faults, and the
 * declarative configuration lists (first list: 'vcls', the check list templates).
 */

/** The most bytes one uploaded image may have, and the most pixels (read from its header before decoding). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** The image types an upload may be (checked by its bytes, never by a name or a declared type). */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const UPLOAD_MESSAGES = {
  tooBig: 'The image is larger than 10 MB.',
  notImage: 'Only JPEG, PNG or WebP photos can be uploaded.',
  tooManyPixels: 'The image is too large to open (more than 40 megapixels).',
  unreadable: 'The image could not be read. Take the photo again.',
  noFile: 'Send the image as the file field "image".',
} as const;

/** An idempotency key made by the device (uuid v4). */
export const clientKey = z.uuid({ version: 'v4', message: 'must be a uuid (v4)' });

/** sendtempimage: the multipart form's text fields (the file is the field 'image'). */
export const sendTempImageBodySchema = z.strictObject({ uid: id, key: clientKey });
export const sendTempImageAnswerSchema = z.object({ ok: z.literal(1), id: z.number() });

export const imageQuerySchema = z.strictObject({ id });

/** A check list template item. */
export const vclItemSchema = z.object({ item: z.string() });

export const vclsQuerySchema = z.strictObject({ siteid: id.optional() });
export const vclSummarySchema = z.object({
  id: z.number(), name: z.string(), unittype: z.number().nullable(), typename: z.string().nullable(),
  items: z.number(), updated: z.string(),
});
export const vclsAnswerSchema = z.object({ ok: z.literal(1), vcls: z.array(vclSummarySchema) });
export type VclSummary = z.infer<typeof vclSummarySchema>;

export const vclQuerySchema = z.strictObject({ id });
export const vclAnswerSchema = z.object({
  ok: z.literal(1),
  vcl: z.object({ id: z.number(), name: z.string(), unittype: z.number().nullable(), items: z.array(vclItemSchema) }),
});
export type Vcl = z.infer<typeof vclAnswerSchema>['vcl'];

export const checklistQuerySchema = z.strictObject({ reg: text(40).trim().min(1, 'must name a vehicle') });
export const checklistAnswerSchema = z.object({
  ok: z.literal(1),
  checklist: z.object({
    uid: z.number(), registration: z.string(), vcl: z.number(), name: z.string(), items: z.array(vclItemSchema),
    lastmileage: z.number().nullable(),
    last: z.object({ id: z.number(), reported: z.string(), ic: z.number() }).nullable(),
  }),
});
export type CurrentChecklist = z.infer<typeof checklistAnswerSchema>['checklist'];

/** Items on one check list, at most. */
export const MAX_CHECKLIST_ITEMS = 100;

export const checklistItemInputSchema = z.strictObject({
  item: text(120).trim().min(1, 'must name the item'),
  faulty: z.boolean(),
  image: id.nullable(),
  note: text(1000, { multiline: true }),
});

export const signoffChecklistBodySchema = z.strictObject({
  key: clientKey,
  uid: id,
  mileage: num(0, 10_000_000).nullable(),
  vcl: int(0, MAX_ID),
  ic: int(0, MAX_CHECKLIST_ITEMS),
  operator: text(80).trim(),
  issues: text(2000, { multiline: true }),
  details: z.strictObject({
    reportdate: datetime,
    itemnames: z.array(text(120)).max(MAX_CHECKLIST_ITEMS),
    mileage: num(0, 10_000_000).nullable(),
    complete: z.boolean(),
    items: z.array(checklistItemInputSchema).min(1, 'must have at least one item').max(MAX_CHECKLIST_ITEMS),
  }),
  sig: id,
});
export type SignoffChecklistBody = z.infer<typeof signoffChecklistBodySchema>;
export const signoffChecklistAnswerSchema = z.object({ ok: z.literal(1), id: z.number(), duplicate: z.boolean() });

export const cabUnitQuerySchema = z.strictObject({ uid: id.optional() });
export const unitFaultSchema = z.object({
  id: z.number(), item: z.string(), note: z.string(), image: z.number().nullable(), reported: z.string(), by: z.string(),
});
export const cabUnitAnswerSchema = z.object({
  ok: z.literal(1),
  unit: z.object({
    uid: z.number(), registration: z.string(), typename: z.string(),
    lastreport: z.object({ time: z.string(), loc: z.string(), speed: z.number(), ign: z.boolean() }).nullable(),
    faults: z.array(unitFaultSchema),
    lastchecklist: z.object({ id: z.number(), reported: z.string(), by: z.string(), ic: z.number() }).nullable(),
    signedoff: z.object({ at: z.string(), by: z.string() }).nullable(),
  }),
});
export type CabUnit = z.infer<typeof cabUnitAnswerSchema>['unit'];

export const unitSignoffBodySchema = z.strictObject({
  uid: id,
  faults: z.array(id).max(500),
  note: text(1000, { multiline: true }),
});
export const unitSignoffAnswerSchema = z.object({ ok: z.literal(1), id: z.number() });

export const vclAlertSchema = z.object({
  id: z.number(), uid: z.number(), registration: z.string(), reported: z.string(), driver: z.string(),
  ic: z.number(), open: z.number(), items: z.array(z.string()),
});
export const vclAlertsAnswerSchema = z.object({ ok: z.literal(1), checklists: z.array(vclAlertSchema) });
export type VclAlert = z.infer<typeof vclAlertSchema>;

export const vclViewQuerySchema = z.strictObject({ id });
export const vclViewItemSchema = z.object({
  item: z.string(), faulty: z.boolean(), note: z.string(), image: z.number().nullable(),
  fault: z.object({ id: z.number(), dealt: z.object({ at: z.string(), by: z.string() }).nullable() }).nullable(),
});
export const vclViewAnswerSchema = z.object({
  ok: z.literal(1),
  checklist: z.object({
    id: z.number(), uid: z.number(), registration: z.string(), template: z.string(), reported: z.string(),
    received: z.string(), driver: z.string(), operator: z.string(), mileage: z.number().nullable(), ic: z.number(),
    complete: z.boolean(), items: z.array(vclViewItemSchema), sig: z.number(),
  }),
});
export type VclView = z.infer<typeof vclViewAnswerSchema>['checklist'];

export const vclDealtQuerySchema = z.strictObject({ id });
export const vclDealtAnswerSchema = z.object({ ok: z.literal(1), open: z.number() });

/** Socket events to the site room. */
export const vclNewEventSchema = z.object({ id: z.number(), uid: z.number(), registration: z.string(), ic: z.number() });
export const vclDealtEventSchema = z.object({ id: z.number(), faultid: z.number(), open: z.number() });
export type VclNewEvent = z.infer<typeof vclNewEventSchema>;
export type VclDealtEvent = z.infer<typeof vclDealtEventSchema>;

/** The 'vcls' record: a check list template. */
export const vclRecSchema = z.strictObject({
  name: text(80).trim().min(1, 'must have a name'),
  unittype: id.nullable(),
  items: z.array(z.strictObject({ item: text(120).trim().min(1, 'must name the item') }))
    .min(1, 'must have at least one item').max(MAX_CHECKLIST_ITEMS, `must have at most ${MAX_CHECKLIST_ITEMS} items`),
});
export type VclRec = z.infer<typeof vclRecSchema>;
