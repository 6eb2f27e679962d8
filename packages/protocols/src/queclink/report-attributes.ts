import { ATTR } from '../attributes.ts';
import { ProtocolError } from '../errors.ts';
import { at, hourMeterOrNull, rangedOrNull } from './fields.ts';
import type { Layout } from './layouts.ts';
import type { QueclinkFamily, QueclinkReportType } from './types.ts';

type Attrs = Record<string, number | string>;

/**
 * What a report says beyond its positions, as named attributes. Tail fields are read from the end
 * (the vendor's advice: the head and tail are fixed, the middle repeats).
 */
export function reportAttributes(
  family: QueclinkFamily, type: QueclinkReportType, layout: Layout, f: readonly string[], buffered: boolean,
): Attrs {
  const a: Attrs = { [ATTR.event]: type };
  if (buffered) a.buffered = 1;
  const end = f.length;
  const put = (key: string, v: number | null) => { if (v !== null) a[key] = v; };
  const mileage = (raw: string) => { const km = rangedOrNull('mileage', raw, 0, 4294967); if (km !== null) a[ATTR.odometer] = Math.round(km * 1000); };

  if (layout.kind === 'fri') {
    const head = layout.head;
    if (family === 'GV500' && at(f, 3) !== '') a.vin = at(f, 3);
    const mv = rangedOrNull('external power', at(f, head - 3), 0, 99999);
    if (mv !== null) a[ATTR.power] = mv / 1000;
    reportIdType(a, at(f, head - 2));
    mileage(at(f, end - 11));
    put('hourMeter', hourMeterOrNull(at(f, end - 10)));
    if (family !== 'GV500') {
      put('adc1', rangedOrNull('analog input 1', at(f, end - 9), 0, 99999));
      put('adc2', rangedOrNull('analog input 2', at(f, end - 8), 0, 99999));
    }
    put(ATTR.batteryLevel, rangedOrNull('backup battery percentage', at(f, end - 7), 0, 100));
    deviceStatus(a, at(f, end - 6));
    if (family === 'GV500') {
      put(ATTR.rpm, rangedOrNull('engine RPM', at(f, end - 5), 0, 20000));
      // Some GV500 firmware writes 'nan' for an unknown fuel consumption (Traccar's corpus): kept out.
      const fc = at(f, end - 4);
      if (fc !== 'nan') put('fuelConsumption', rangedOrNull('fuel consumption', fc, 0, 9999));
      put(ATTR.fuel, rangedOrNull('fuel level', at(f, end - 3), 0, 100));
    }
  } else if (layout.kind === 'ign') {
    const seconds = rangedOrNull('ignition duration', at(f, 4), 0, 999999);
    a[ATTR.ignition] = type === 'GTIGN' ? 1 : 0;
    put(type === 'GTIGN' ? 'ignitionOffSeconds' : 'ignitionOnSeconds', seconds);
    put('hourMeter', hourMeterOrNull(at(f, end - 4)));
    mileage(at(f, end - 3));
  } else {
    const idType = reportIdType(a, at(f, layout.head - 2));
    mileage(at(f, end - 3));
    if (type === 'GTSOS') a[ATTR.alarm] = 'sos';
    if (idType) genericMeaning(a, type, idType.id, idType.type);
  }
  return a;
}

/** Report ID / Report Type: one hex byte as two characters, high nibble the id, low the type. */
function reportIdType(a: Attrs, raw: string): { id: number; type: number } | null {
  if (raw === '') return null;
  if (!/^[0-9A-Fa-f]{2}$/.test(raw)) throw new ProtocolError('invalid_field', `report id/type '${raw.slice(0, 10)}' is not two hex digits`);
  a.reportId = parseInt(raw[0] ?? '0', 16);
  a.reportType = parseInt(raw[1] ?? '0', 16);
  return { id: a.reportId, type: a.reportType };
}

/** Per-message meaning of report id / type in the generic layout (GV300 document, 3.3.1). */
function genericMeaning(a: Attrs, type: QueclinkReportType, id: number, level: number): void {
  // GTSPD type 0: the speed is outside the configured range.
  if (type === 'GTSPD' && level === 0) a[ATTR.alarm] = 'overspeed';
  // GTIGL type 0: ignition on, 1: ignition off.
  if (type === 'GTIGL' && level <= 1) a[ATTR.ignition] = level === 0 ? 1 : 0;
  if (type === 'GTDIS' && id > 0) a[`input${id}`] = level;
}

/**
 * Device status: from the right, output ports (2 hex), input ports (2 hex), then the motion state
 * (2 hex: 1x ignition off, 2x ignition on, 4x no ignition wire; x1 rest, x2 moving, 16 towed).
 */
function deviceStatus(a: Attrs, raw: string): void {
  if (raw === '') return;
  if (!/^[0-9A-Fa-f]{6}(?:[0-9A-Fa-f]{4})?$/.test(raw)) throw new ProtocolError('invalid_field', `device status '${raw.slice(0, 12)}' is not 6 or 10 hex digits`);
  a.deviceStatus = raw;
  const motion = raw.slice(-6, -4).toUpperCase();
  a.inputs = parseInt(raw.slice(-4, -2), 16);
  a.outputs = parseInt(raw.slice(-2), 16);
  if (motion.startsWith('1')) a[ATTR.ignition] = 0;
  else if (motion.startsWith('2')) a[ATTR.ignition] = 1;
  if (motion.endsWith('1')) a[ATTR.motion] = 0;
  else if (motion.endsWith('2') || motion === '16') a[ATTR.motion] = 1;
}
