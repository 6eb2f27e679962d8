import type { ConfigListName } from '@fleet/shared';
import type { z } from 'zod';
import type { Caller } from '../../lib/caller.ts';
import type { Who } from '../../plugins/access.ts';

/** What a list's repository functions get: who calls, and the site the records belong to. */
export interface ConfigContext {
  caller: Caller;
  /** The session's current site (config lists are per site). */
  siteId: number;
}

/**
 * One configuration list, declared once: its record schema, the columns the editor lists, who may
 * read and edit it, and how its records are read and written. configlist, configrecord,
 * updateconfigrecord and deleteconfigrecord serve every declared list the same way.
 */
export interface ConfigListSpec<Rec, Row extends Record<string, unknown>> {
  name: ConfigListName;
  /** The list's title in the editor. */
  title: string;
  rec: z.ZodType<Rec>;
  columns: Array<{ key: keyof Row & string; label: string }>;
  /** Who may read and change the list: administrators, or super administrators only. */
  who: Extract<Who, 'admin' | 'super'>;
  list(ctx: ConfigContext): Promise<Row[]>;
  /** A record as the editor edits it (the rec shape plus its id), or null when not on the caller's site. */
  get(ctx: ConfigContext, id: number): Promise<(Rec & { id: number }) | null>;
  /** Adds a record; a refusal (bad reference) throws an ApiError. */
  add(ctx: ConfigContext, rec: Rec): Promise<number>;
  /** Changes a record; false when there is no such record on the caller's site. */
  edit(ctx: ConfigContext, id: number, rec: Rec): Promise<boolean>;
  /** Removes a record; null when there is none; else what it did, in words. */
  remove(ctx: ConfigContext, id: number): Promise<string | null>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds lists of different record types
export type AnyConfigList = ConfigListSpec<any, any>;

/** Declares a list with its types checked against each other. */
export function defineConfigList<Rec, Row extends Record<string, unknown>>(spec: ConfigListSpec<Rec, Row>): ConfigListSpec<Rec, Row> {
  return spec;
}
