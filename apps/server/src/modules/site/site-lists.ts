import { servicePlanRecSchema, workingHoursRecSchema } from '@fleet/shared';
import type pg from 'pg';
import { badRequest } from '../../lib/errors.ts';
import { defineConfigList } from '../config/index.ts';
import type { SiteRepository } from './site.repository.ts';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * 'workinghours': the site's working hours as a one-record list (the record's id is the site's id).
 * Nothing is added or deleted: a site always has working hours (the default ones until changed).
 */
export function workingHoursConfigList(site: SiteRepository) {
  return defineConfigList({
    name: 'workinghours',
    title: 'Working hours',
    noun: 'working hours',
    rec: workingHoursRecSchema,
    who: 'admin',
    read: 'operator',
    nameOf: () => 'Working hours',
    columns: [
      { key: 'days', label: 'Working days' },
      { key: 'hours', label: 'Hours' },
      { key: 'timezone', label: 'Time zone' },
    ],
    async list({ siteId }) {
      const w = await site.workingHours(siteId);
      if (!w) return [];
      const days = [...w.hours.days].sort((a, b) => a - b).map((d) => DAY_NAMES[d - 1]).join(', ');
      return [{ id: siteId, days: days || 'No working days', hours: `${w.hours.start}–${w.hours.end}`, timezone: w.timezone }];
    },
    async get({ siteId }, id) {
      if (id !== siteId) return null;
      const w = await site.workingHours(siteId);
      return w ? { id: siteId, days: [...w.hours.days].sort((a, b) => a - b), start: w.hours.start, end: w.hours.end } : null;
    },
    async add() {
      throw badRequest('A site has one set of working hours: edit it instead.');
    },
    async edit({ siteId }, id, rec) {
      if (id !== siteId) return false;
      await site.setWorkingHours(siteId, { days: [...rec.days].sort((a, b) => a - b), start: rec.start, end: rec.end });
      return true;
    },
    async inUse() {
      return 'A site always has working hours: change them instead.';
    },
    async remove() {
      return null;
    },
  });
}

interface PlanRow { id: number; registration: string; due_date: string | null; due_km: number | null; due_hours: number | null; km: number | null; hours: number | null; due: boolean }

/**
 * 'serviceplans': one record per live unit of the site (the record's id is the unit's id): due at a
 * date, an odometer reading (km) or engine hours, whichever comes first. Not added (every unit has
 * one, empty at first); deleting one clears it.
 */
export function servicePlansConfigList(pool: pg.Pool) {
  const select = `SELECT u.id, u.registration, u.service_due_date::text AS due_date, u.service_due_km AS due_km, u.service_due_hours AS due_hours,
      coalesce(s.total_distance, s.odometer) AS km, s.engine_hours AS hours,
      coalesce(u.service_due_date <= current_date
        OR (u.service_due_km IS NOT NULL AND coalesce(s.total_distance, s.odometer) >= u.service_due_km)
        OR (u.service_due_hours IS NOT NULL AND s.engine_hours >= u.service_due_hours), false) AS due
    FROM units u LEFT JOIN unit_state s ON s.unit_id = u.id WHERE u.site_id = $1 AND u.removed_at IS NULL`;
  const set = async (siteId: number, id: number, plan: { date: string | null; km: number | null; hours: number | null }) => {
    const r = await pool.query(
      'UPDATE units SET service_due_date = $3::date, service_due_km = $4, service_due_hours = $5 WHERE id = $1 AND site_id = $2 AND removed_at IS NULL',
      [id, siteId, plan.date, plan.km, plan.hours]);
    return (r.rowCount ?? 0) > 0;
  };
  return defineConfigList({
    name: 'serviceplans',
    title: 'Service plans',
    noun: 'service plan',
    rec: servicePlanRecSchema,
    who: 'admin',
    read: 'operator',
    nameOf: (r) => `Unit ${r.id}`,
    columns: [
      { key: 'registration', label: 'Vehicle' },
      { key: 'date', label: 'Due date' },
      { key: 'km', label: 'Due at km', kind: 'number' },
      { key: 'hours', label: 'Due at engine hours', kind: 'number' },
      { key: 'status', label: 'Status', filter: true },
    ],
    search: ['registration'],
    async list({ siteId }) {
      const r = await pool.query<PlanRow>(`${select} ORDER BY u.registration, u.id`, [siteId]);
      return r.rows.map((u) => ({
        id: u.id, registration: u.registration, date: u.due_date ?? '', km: u.due_km, hours: u.due_hours,
        status: u.due ? 'Due' : u.due_date || u.due_km !== null || u.due_hours !== null ? 'Planned' : 'No plan',
      }));
    },
    async get({ siteId }, id) {
      const u = (await pool.query<PlanRow>(`${select} AND u.id = $2`, [siteId, id])).rows[0];
      return u ? { id: u.id, date: u.due_date, km: u.due_km, hours: u.due_hours } : null;
    },
    async add() {
      throw badRequest('Every unit has a service plan: edit the unit\'s plan instead.');
    },
    edit: async ({ siteId }, id, rec) => set(siteId, id, rec),
    async remove({ siteId }, id) {
      return (await set(siteId, id, { date: null, km: null, hours: null })) ? 'The service plan was cleared.' : null;
    },
  });
}
