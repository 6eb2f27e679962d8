import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id, int, text } from '../api/primitives.ts';
import { MAX_RETENTION_MONTHS } from '../tenancy/tenancy.schema.ts';
import { ioCatalogueRowsSchema } from '../engine/engine.schema.ts';

// The estate (issue 15, item 5): customers, sites, units and unit types, for super administrators.

/** A lone UTF-16 half: no text PostgreSQL can keep (in jsonb: the audit log's before and after). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** One line of at most `max` characters, trimmed, that the audit log can keep. */
const line = (max: number) => text(max).trim().refine((s) => !LONE_SURROGATE.test(s), 'must be valid text');

/** An id, or 0 to add a new record. */
const idOrNew = int(0, 2_147_483_647);

/** One customer of the caller's brand with what it holds (live sites and units, its users). */
export const estateCustomerSchema = z.object({
  cid: z.number(),
  name: z.string(),
  /** Months of positions kept; null keeps every position. */
  retention: z.number().nullable(),
  suspended: z.string().nullable(),
  reason: z.string(),
  sites: z.number(),
  units: z.number(),
  users: z.number(),
  created: z.string(),
});
export type EstateCustomer = z.infer<typeof estateCustomerSchema>;
export const estateAnswerSchema = success({ customers: z.array(estateCustomerSchema) });

export const estateSitesQuerySchema = z.strictObject({ cid: id });
export const estateSiteSchema = z.object({
  siteid: z.number(), sitename: z.string(), units: z.number(), users: z.number(), created: z.string(),
});
export const estateSitesAnswerSchema = success({ sites: z.array(estateSiteSchema) });

export const customerName = line(80).pipe(z.string().min(1, 'a name is needed'));
export const saveCustomerBodySchema = z.strictObject({
  cid: idOrNew,
  name: customerName,
  retention: int(1, MAX_RETENTION_MONTHS).nullable().optional(),
});
export const saveCustomerAnswerSchema = success({ cid: z.number() });

export const suspendCustomerBodySchema = z.strictObject({
  cid: id,
  suspend: z.boolean(),
  reason: line(200).optional(),
});
export const suspendCustomerAnswerSchema = success({ message: z.string(), sessionsEnded: z.number() });

export const addNewSiteBodySchema = z.strictObject({ cid: id, sitename: line(80).pipe(z.string().min(1, 'a site name is needed')) });
export const addNewSiteAnswerSchema = success({ siteid: z.number() });

export const removeSiteBodySchema = z.strictObject({ siteid: id });
export const removeSiteAnswerSchema = success({ message: z.string() });

export const removeUnitAnswerSchema = success({ message: z.string() });

/**
 * What a unit type's IO map names (issue 15, the IO mapping editor): each meaning's Teltonika IO
 * element id. The same keys and defaults as DEFAULT_IO_MAP in packages/protocols (a test holds them equal).
 */
export const IO_MAP_DEFAULTS = {
  ignition: 239, movement: 240, gsmSignal: 21, externalVoltage: 66, odometer: 16, panic: 2, pto1: 3, pto2: 4,
  fuelLevelPercent: 89, fuelLevelLitres: 84, fuelUsed: 83, engineHours: 102, rpm: 85, totalDistance: 87, faultCodes: 281,
} as const;
export type IoMapKey = keyof typeof IO_MAP_DEFAULTS;
export const IO_MAP_KEYS = Object.keys(IO_MAP_DEFAULTS) as IoMapKey[];

const ioElement = int(0, 65_535);
/** Only the meanings a type changes; an absent one takes its default. */
export const ioMapSchema = z.strictObject(
  Object.fromEntries(IO_MAP_KEYS.map((k) => [k, ioElement.optional()])) as Record<IoMapKey, z.ZodOptional<typeof ioElement>>,
);

export const saveUnitTypeBodySchema = z.strictObject({
  id: idOrNew,
  name: line(60).pipe(z.string().min(1, 'a name is needed')),
  icon: text(60).trim().regex(/^[a-z0-9-]{1,60}$/, 'an icon name is lower-case letters, digits and dashes'),
  iomap: ioMapSchema,
  /** Issue 16: IO elements the type adds to the catalogue or renames; left out, an edit keeps what the type has. */
  iocatalogue: ioCatalogueRowsSchema.optional(),
});
export const saveUnitTypeAnswerSchema = success({ id: z.number() });

export const estateUnitTypeSchema = z.object({
  id: z.number(), name: z.string(), icon: z.string(), iomap: z.record(z.string(), z.number()), units: z.number(),
  /** Issue 16: the type's additions to the IO catalogue, by IO id. */
  iocatalogue: z.array(z.object({
    id: z.number(), name: z.string(), unit: z.string(), scale: z.number(), decimals: z.number(), group: z.string().optional(),
  })),
});
export const estateUnitTypesAnswerSchema = success({
  unittypes: z.array(estateUnitTypeSchema),
  /** The caller may change the catalogue (a super administrator of the default brand). */
  canEdit: z.boolean(),
});

export const searchSiteQuerySchema = z.strictObject({ w: text(80).trim().min(2, 'type at least 2 characters') });
export const SEARCH_KINDS = ['customer', 'site', 'unit', 'user'] as const;
export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number(),
  name: z.string(),
  detail: z.string(),
  cid: z.number().nullable(),
  siteid: z.number().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
/** At most this many hits. */
export const SEARCH_MAX_HITS = 50;
export const searchSiteAnswerSchema = success({ hits: z.array(searchHitSchema) });
