import {
  driverRecSchema, type DriverRec, groupRecSchema, type GroupRec, poiRecSchema, type PoiRec, REPORT_FORMATS, REPORT_KINDS, REPORT_METRICS,
  type SaveScheduledReportBody, saveScheduledReportBodySchema, SCHEDULE_FREQUENCIES, SCHEDULE_MAX_RECIPIENTS, SCHEDULE_RANGES,
  servicePlanRecSchema, type ServicePlanRec, unitRecSchema, type UnitRec,
} from '@fleet/shared';
import type { TFunction } from 'i18next';
import type { ConfigListSpec } from '../../../shared/config-lists/config-list-form.ts';

/**
 * The issue 15 configuration lists as the generic editor draws them (room B): each list's fields
 * and its record schema (the same one the server checks). Field labels are in en.json configLists.
 */

/** 'lat, lon' ↔ { x: lon, y: lat } (a polygon's point as a line of text). */
export function parsePoint(line: string): unknown {
  const parts = line.split(',').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => p === '' || !Number.isFinite(Number(p)))) return line;
  return { x: Number(parts[1]), y: Number(parts[0]) };
}
export function formatPoint(item: unknown): string {
  const p = item as { x?: unknown; y?: unknown } | null;
  return p && typeof p.x === 'number' && typeof p.y === 'number' ? `${p.y}, ${p.x}` : '';
}

export function driversSpec(t: TFunction): ConfigListSpec<DriverRec> {
  return {
    list: 'drivers',
    schema: driverRecSchema,
    fields: [
      { key: 'name', kind: 'text', label: t('configLists.f.name'), max: 80 },
      { key: 'tag', kind: 'text', label: t('configLists.f.tag'), max: 40, optional: true, hint: t('configLists.f.tagHint') },
      { key: 'shiftpattern', kind: 'select', label: t('configLists.f.shiftpattern'), noneLabel: t('configLists.f.siteDefault') },
    ],
  };
}

export function unitsSpec(t: TFunction): ConfigListSpec<UnitRec> {
  return {
    list: 'units',
    schema: unitRecSchema,
    fields: [
      { key: 'registration', kind: 'text', label: t('configLists.f.registration'), max: 20 },
      { key: 'deviceid', kind: 'text', label: t('configLists.f.deviceid'), max: 40, lockedOnEdit: true, hint: t('configLists.f.deviceidHint') },
      { key: 'unittype', kind: 'select', label: t('configLists.f.unittype') },
      { key: 'icon', kind: 'text', label: t('configLists.f.icon'), max: 60, optional: true },
      { key: 'driver', kind: 'select', label: t('configLists.f.driver'), noneLabel: t('configLists.f.noDriver') },
      { key: 'tanklitres', kind: 'number', label: t('configLists.f.tanklitres'), min: 5, max: 5000, hint: t('configLists.f.tanklitresHint') },
    ],
  };
}

export function groupsSpec(t: TFunction): ConfigListSpec<GroupRec> {
  return {
    list: 'groups',
    schema: groupRecSchema,
    fields: [
      { key: 'name', kind: 'text', label: t('configLists.f.name'), max: 80 },
      { key: 'units', kind: 'multiselect', label: t('configLists.f.members') },
    ],
  };
}

export function poiSpec(t: TFunction): ConfigListSpec<PoiRec> {
  return {
    list: 'poi',
    schema: poiRecSchema,
    fields: [
      { key: 'name', kind: 'text', label: t('configLists.f.name'), max: 120 },
      { key: 'mode', kind: 'select', label: t('configLists.f.shape'), initial: '1' },
      { key: 'lat', kind: 'number', label: t('configLists.f.lat'), when: (v) => v.mode !== '2' },
      { key: 'lon', kind: 'number', label: t('configLists.f.lon'), when: (v) => v.mode !== '2' },
      { key: 'radius', kind: 'number', label: t('configLists.f.radius'), when: (v) => v.mode !== '2' },
      {
        key: 'points', kind: 'lines', label: t('configLists.f.points'), itemKey: 'point', itemLabel: t('configLists.f.point'),
        addLabel: t('configLists.f.addPoint'), max: 500, itemMax: 60, parse: parsePoint, format: formatPoint, hint: t('configLists.f.pointsHint'),
        when: (v) => v.mode === '2',
      },
      { key: 'showonmap', kind: 'checkbox', label: t('configLists.f.showonmap'), initial: '1' },
      { key: 'geofence', kind: 'checkbox', label: t('configLists.f.geofence'), hint: t('configLists.f.geofenceHint') },
    ],
  };
}

export function servicePlansSpec(t: TFunction): ConfigListSpec<ServicePlanRec> {
  return {
    list: 'serviceplans',
    schema: servicePlanRecSchema,
    canAdd: false,
    fields: [
      { key: 'date', kind: 'date', label: t('configLists.f.dueDate') },
      { key: 'km', kind: 'number', label: t('configLists.f.dueKm') },
      { key: 'hours', kind: 'number', label: t('configLists.f.dueHours') },
    ],
  };
}

export function scheduledReportsSpec(t: TFunction): ConfigListSpec<SaveScheduledReportBody> {
  return {
    list: 'scheduledreports',
    schema: saveScheduledReportBodySchema,
    // The vehicles, groups or drivers a report covers and its options are chosen on the reports page.
    keep: ['src', 'options'],
    fields: [
      { key: 'name', kind: 'text', label: t('configLists.f.name'), max: 100 },
      { key: 'what', kind: 'select', label: t('configLists.f.report'), valueType: 'string', initial: 'trips' },
      { key: 'metric', kind: 'select', label: t('configLists.f.metric'), valueType: 'string', hint: t('configLists.f.metricHint'), initial: 'site' },
      { key: 'range', kind: 'select', label: t('configLists.f.range'), valueType: 'string', initial: 'yesterday' },
      { key: 'format', kind: 'select', label: t('configLists.f.format'), valueType: 'string', initial: 'pdf' },
      { key: 'frequency', kind: 'select', label: t('configLists.f.frequency'), valueType: 'string', initial: 'daily' },
      { key: 'weekday', kind: 'select', label: t('configLists.f.weekday'), noneLabel: t('configLists.f.notWeekly'), omitEmpty: true,
        when: (v) => v.frequency === 'weekly' },
      { key: 'monthDay', kind: 'number', label: t('configLists.f.monthDay'), hint: t('configLists.f.monthDayHint'), omitEmpty: true,
        when: (v) => v.frequency === 'monthly' },
      { key: 'at', kind: 'text', label: t('configLists.f.at'), max: 5, hint: t('configLists.f.atHint'), initial: '07:00' },
      {
        key: 'recipients', kind: 'lines', label: t('configLists.f.recipients'), itemKey: 'email', itemLabel: t('configLists.f.recipient'),
        addLabel: t('configLists.f.addRecipient'), max: SCHEDULE_MAX_RECIPIENTS, itemMax: 254, parse: (l) => l.trim(), format: (x) => String(x ?? ''),
      },
      { key: 'enabled', kind: 'checkbox', label: t('configLists.f.enabled'), initial: '1' },
    ],
  };
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** The fixed options of the scheduled reports' and places' selects. */
export function fixedOptions(t: TFunction) {
  const of = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`, { defaultValue: v }) }));
  return {
    what: of(REPORT_KINDS, 'configLists.kind'),
    metric: of(REPORT_METRICS, 'configLists.metric'),
    range: of(SCHEDULE_RANGES, 'configLists.range'),
    format: REPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() })),
    frequency: of(SCHEDULE_FREQUENCIES, 'configLists.frequency'),
    weekday: WEEKDAYS.map((d, i) => ({ value: String(i + 1), label: t(`configLists.day.${d}`, { defaultValue: d }) })),
    mode: [{ value: '1', label: t('configLists.circle') }, { value: '2', label: t('configLists.polygon') }],
  };
}
