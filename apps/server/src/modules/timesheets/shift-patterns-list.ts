import { type ShiftPatternRec, shiftPatternRecSchema } from '@fleet/shared';
import type pg from 'pg';
import { badRequest } from '../../lib/errors.ts';
import { defineConfigList } from '../config/index.ts';
import { inTransaction, type PatternRow, timesheetsRepository as repo } from './timesheets.repository.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 'Mon–Fri 07:00–17:00', or the days one by one where they differ. */
function daysText(rec: ShiftPatternRec['pattern']): string {
  if (rec.days.length === 0) return 'No planned days';
  const days = [...rec.days].sort((a, b) => a.weekday - b.weekday);
  const same = days.every((d) => d.start === days[0]?.start && d.end === days[0]?.end);
  const names = days.map((d) => WEEKDAYS[d.weekday - 1]).join(', ');
  return same ? `${names} ${days[0]?.start}–${days[0]?.end}` : days.map((d) => `${WEEKDAYS[d.weekday - 1]} ${d.start}–${d.end}`).join(', ');
}

const minutesText = (m: number | null) => (m === null ? 'none' : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`);

/**
 * 'shiftpatterns': the site's shift patterns (administrators). One is the site's default, held
 * against every driver without a pattern of their own: the first pattern of a site becomes it,
 * marking another the default takes it over, and the default cannot be unmarked or removed while
 * other patterns exist (mark another first).
 */
export function shiftPatternsConfigList(pool: pg.Pool) {
  /** One change to a site's patterns at a time: the default moves between rows. */
  const locked = <T>(work: (db: pg.PoolClient) => Promise<T>) => inTransaction(pool, async (db) => {
    await repo.lockPatterns(db);
    return work(db);
  });
  const parse = (row: PatternRow) => shiftPatternRecSchema.shape.pattern.safeParse({ ...row.pattern, name: row.name });
  const stored = (rec: ShiftPatternRec) => {
    const { name: _name, ...pattern } = rec.pattern;
    return pattern;
  };
  return defineConfigList({
    name: 'shiftpatterns',
    title: 'Shift patterns',
    noun: 'shift pattern',
    nameOf: (r) => r.pattern.name,
    rec: shiftPatternRecSchema,
    who: 'admin',
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'days', label: 'Planned days' },
      { key: 'overtime', label: 'Overtime after' },
      { key: 'default', label: 'Default' },
    ],
    async list({ siteId }) {
      return (await repo.patternsOfSite(pool, siteId)).map((row) => {
        const parsed = parse(row);
        const p = parsed.success ? parsed.data : null;
        return {
          id: row.id, name: row.name, isDefault: row.is_default, default: row.is_default ? 'Yes' : '',
          days: p ? daysText(p) : 'Not readable',
          overtime: p ? `${minutesText(p.overtimeAfterDayMin)} a day, ${minutesText(p.overtimeAfterWeekMin)} a week` : '',
        };
      });
    },
    async get({ siteId }, id) {
      const row = await repo.pattern(pool, id, siteId);
      if (!row) return null;
      const parsed = parse(row);
      return parsed.success ? { id: row.id, pattern: parsed.data, isDefault: row.is_default } : null;
    },
    async add({ siteId }, rec) {
      return locked(async (db) => {
        const isDefault = rec.isDefault || !(await repo.hasDefault(db, siteId));
        if (isDefault) await repo.clearDefault(db, siteId);
        return repo.insertPattern(db, siteId, rec.pattern.name, stored(rec), isDefault);
      });
    },
    async edit({ siteId }, id, rec) {
      return locked(async (db) => {
        const row = await repo.pattern(db, id, siteId);
        if (!row) return false;
        if (row.is_default && !rec.isDefault) {
          throw badRequest('A site keeps one default shift pattern: mark another pattern as the default instead.');
        }
        if (rec.isDefault && !row.is_default) await repo.clearDefault(db, siteId);
        await repo.updatePattern(db, id, siteId, rec.pattern.name, stored(rec), rec.isDefault);
        return true;
      });
    },
    async remove({ siteId }, id) {
      return locked(async (db) => {
        const row = await repo.pattern(db, id, siteId);
        if (!row) return null;
        if (row.is_default && (await repo.otherPatterns(db, siteId, id)) > 0) {
          throw badRequest('This is the site\'s default shift pattern: mark another pattern as the default first.');
        }
        const drivers = await repo.deletePattern(db, id);
        return drivers > 0
          ? `The shift pattern was removed. Its ${drivers} driver${drivers === 1 ? '' : 's'} now follow the site's default pattern.`
          : 'The shift pattern was removed.';
      });
    },
  });
}
