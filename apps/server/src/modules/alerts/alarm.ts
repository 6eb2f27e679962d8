/**
 * The alarm rule, written once: a vehicle is "in alarm" (vehiclealarm) while it has an open alert
 * of one of these kinds (the spec: a panic alert flags the vehicle; clearing a geofence alert sets
 * the flag false). Every read of the flag (the vehicles call, the live updates) uses these.
 */
export const ALARM_KINDS: readonly string[] = ['panic', 'geofence'];

/** Whether an alert of this kind, while open, raises its vehicle's alarm flag. */
export function isAlarmKind(kind: string): boolean {
  return ALARM_KINDS.includes(kind);
}

/**
 * The SQL condition "this unit has an open alarm", for a query that passes ALARM_KINDS as the
 * parameter `kindsParam` (e.g. '$2'); `unitRef` is the unit id's column or expression.
 */
export function openAlarmSql(unitRef: string, kindsParam: string): string {
  return `exists (SELECT 1 FROM alerts a WHERE a.unit_id = ${unitRef} AND a.cleared_at IS NULL AND a.kind = ANY(${kindsParam}::text[]))`;
}
