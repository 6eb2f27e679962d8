import type { ConfigListName } from '@fleet/shared';
import type { z } from 'zod';
import type { Caller } from '../../lib/caller.ts';
import type { Who } from '../../plugins/access.ts';
import type { QueryColumn } from './list-query.ts';

/** What a list's repository functions get: who calls, the site the records belong to, and the caller's address (audit). */
export interface ConfigContext {
  caller: Caller;
  /** The session's current site (config lists are per site). */
  siteId: number;
  address: string;
}

/**
 * One configuration list, declared once: its record schema, the columns the editor lists, who may
 * read and edit it, and how its records are read and written. configlist, configrecord,
 * updateconfigrecord and deleteconfigrecord serve every declared list the same way: they page,
 * sort, filter and search (list-query.ts), check the record against `rec`, refuse a delete while
 * `inUse` gives a reason, and write every change to the audit log (before and after as `get` reads them).
 */
export interface ConfigListSpec<Rec, Row extends Record<string, unknown>> {
  name: ConfigListName;
  /** The list's title in the editor. */
  title: string;
  /** What one record is called in the audit log and in messages ('unit', 'driver'). */
  noun: string;
  rec: z.ZodType<Rec>;
  columns: Array<QueryColumn & { key: keyof Row & string }>;
  /** The columns searched by `q` (default: the text columns). */
  search?: Array<keyof Row & string>;
  /** Who may change the list: administrators, or super administrators only. */
  who: Extract<Who, 'admin' | 'super'>;
  /** Who may read it (default: as `who`); operators read some lists (groups, places) without changing them. */
  read?: Extract<Who, 'operator' | 'admin' | 'super'>;
  /** Every record of the site as rows (`id` and the columns' keys); the generic query narrows them. */
  list(ctx: ConfigContext): Promise<Row[]>;
  /** A record as the editor edits it (the rec shape plus its id), or null when not on the caller's site. */
  get(ctx: ConfigContext, id: number): Promise<(Rec & { id: number }) | null>;
  /** Adds a record; a refusal (bad reference, a right the caller does not hold) throws an ApiError. */
  add(ctx: ConfigContext, rec: Rec): Promise<number>;
  /** Changes a record; false when there is no such record on the caller's site. */
  edit(ctx: ConfigContext, id: number, rec: Rec): Promise<boolean>;
  /** Why the record cannot be deleted now ('3 vehicles are in this group'), or null when it can. */
  inUse?(ctx: ConfigContext, id: number): Promise<string | null>;
  /** Removes a record; null when there is none; else what it did, in words. */
  remove(ctx: ConfigContext, id: number): Promise<string | null>;
  /** The record's name for the audit log (default: its `name`, else its id). */
  nameOf?(rec: Rec & { id: number }): string;
  /**
   * Bulk import (issue 15): the record keys that must not repeat within a file nor match a record
   * already listed (default: email, device id, registration or tag keys the record has, else `name`).
   */
  unique?: Array<keyof Rec & string>;
  /** Bulk import's dry run of the list's own rules for one valid record: why add() would refuse it, or null. */
  check?(ctx: ConfigContext, rec: Rec): Promise<string | null>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds lists of different record types
export type AnyConfigList = ConfigListSpec<any, any>;

/** Declares a list with its types checked against each other. */
export function defineConfigList<Rec, Row extends Record<string, unknown>>(spec: ConfigListSpec<Rec, Row>): ConfigListSpec<Rec, Row> {
  return spec;
}
