/** The files of a data request's ZIP (issue 14): their names, columns and units, and the README.txt that says so. */

/** What one export covers: the site's units and the [from, to) instants of its days. */
export interface ExportPlan {
  siteId: number;
  siteName: string;
  fromDay: string;
  toDay: string;
  timeZone: string;
  from: Date;
  to: Date;
}

/** The CSV files, in the order they are written, with their columns (README.txt describes them). */
export const EXPORT_FILES = ['positions.csv', 'trips.csv', 'alerts.csv', 'checklists.csv'] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

const POSITION_COLUMNS = [
  ['registration', "the vehicle's registration"],
  ['unit_id', "the vehicle's id in this system"],
  ['device_time', 'when the device took the position, ISO 8601 UTC'],
  ['received_time', 'when the server received it, ISO 8601 UTC'],
  ['lat', 'latitude, decimal degrees (WGS 84)'],
  ['lon', 'longitude, decimal degrees (WGS 84)'],
  ['speed_kmh', 'speed, km/h'],
  ['heading', 'direction of travel, degrees clockwise from north (0-359)'],
  ['altitude_m', 'altitude, metres'],
  ['satellites', 'satellites in use'],
  ['ignition', '1 on, 0 off, empty when the device does not say'],
  ['implausible', 'empty for a believed position; otherwise why it was not believed'],
  ['protocol', 'the device protocol (teltonika, osmand, gt06, queclink)'],
  ['io', "every IO value the device sent, as JSON (Teltonika keys are IO element ids; other devices' keys are words)"],
] as const;
const TRIP_COLUMNS = [
  ['registration', "the vehicle's registration"], ['kind', 'trip (moving) or stop (parked or idling)'],
  ['start_time', 'ISO 8601 UTC'], ['end_time', 'ISO 8601 UTC'], ['duration_s', 'seconds'],
  ['distance_m', 'metres'], ['driving_s', 'seconds moving'], ['idle_s', 'seconds with the engine on, standing'],
  ['max_speed_kmh', 'km/h'], ['avg_speed_kmh', 'km/h'], ['driver', "the driver's name, empty when unknown"],
  ['start_lat', 'decimal degrees'], ['start_lon', 'decimal degrees'], ['end_lat', 'decimal degrees'], ['end_lon', 'decimal degrees'],
  ['start_odometer_m', 'metres, as the device reports them (empty: it does not)'], ['end_odometer_m', 'metres'],
  ['start_engine_hours', 'hours, as the device reports them (empty: it does not)'], ['end_engine_hours', 'hours'],
  ['points', 'positions in the segment'], ['open', '1 while the segment is still growing (the newest), else 0'],
] as const;
const ALERT_COLUMNS = [
  ['id', "the alert's id"], ['registration', "the vehicle's registration"], ['kind', 'panic, geofence, spn (engine fault), runover or device'],
  ['event', 'press, enter, exit, fault, ignition, movement or a device alarm word'], ['happened_time', 'ISO 8601 UTC'],
  ['lat', 'decimal degrees'], ['lon', 'decimal degrees'], ['place', 'the geofence or point of interest, when there is one'],
  ['detail', 'more about it (fault codes, a device alarm)'], ['cleared_time', 'ISO 8601 UTC, empty while open'],
  ['cleared_by', 'who cleared it'], ['late', '1: recorded late (the device sent it long after), never raised'],
] as const;
const CHECKLIST_COLUMNS = [
  ['id', "the check list's id"], ['registration', "the vehicle's registration"], ['reported_time', 'when the driver completed it, ISO 8601 UTC'],
  ['received_time', 'when it reached the server, ISO 8601 UTC'], ['driver', "the driver's name"], ['signed_by', 'the account that signed it off'],
  ['operator', 'the name written on the check list'], ['template', 'the check list template'], ['mileage', 'the mileage written on it'],
  ['faults_count', 'faulty items'],
  ['faults', 'the faulty items as JSON: [{"item", "note", "dealt_time"}] (dealt_time ISO 8601 UTC or null)'],
] as const;

const COLUMNS: Record<ExportFile, ReadonlyArray<readonly [string, string]>> = {
  'positions.csv': POSITION_COLUMNS, 'trips.csv': TRIP_COLUMNS, 'alerts.csv': ALERT_COLUMNS, 'checklists.csv': CHECKLIST_COLUMNS,
};

/** The README.txt of an export: what each file holds, its columns and units. */
export function exportReadme(plan: ExportPlan): string {
  const lines = [
    `Data of site "${plan.siteName}" from ${plan.fromDay} to ${plan.toDay} (both included), days in ${plan.timeZone}:`,
    `${plan.from.toISOString()} (included) to ${plan.to.toISOString()} (excluded), UTC.`,
    '',
    'Every file is CSV (RFC 4180: comma-separated, double quotes around values that need them, UTF-8, a header line).',
    'Times are ISO 8601 UTC: 2026-11-23T08:15:00Z, with the fraction of a second when there is one (2026-11-23T08:15:00.25Z).',
    "The vehicles are the site's vehicles at the time of the request.",
    '',
    'positions.csv: every position the vehicles reported, per vehicle in order of device time.',
    'trips.csv: trips and stops that started in the range, per vehicle in order of time.',
    'alerts.csv: alerts of the site that happened in the range.',
    'checklists.csv: vehicle check lists completed in the range.',
  ];
  for (const file of EXPORT_FILES) {
    lines.push('', `${file}`);
    for (const [name, text] of COLUMNS[file]) lines.push(`  ${name}: ${text}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A CSV file's header line. */
export const header = (file: ExportFile) => Buffer.from(`${COLUMNS[file].map(([n]) => n).join(',')}\r\n`);

