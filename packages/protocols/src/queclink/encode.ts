import { ProtocolError } from '../errors.ts';

/** `+SACK:<count number>$`: the server's acknowledgement of a report (count echoed as received). */
export function encodeQueclinkSack(countNumber: string): string {
  return `+SACK:${countNumber}$`;
}

/** `+SACK:GTHBD,<protocol version>,<count number>$`: the answer to a heartbeat. */
export function encodeQueclinkHeartbeatSack(protocolVersion: string, countNumber: string): string {
  return `+SACK:GTHBD,${protocolVersion},${countNumber}$`;
}

/** A position as a device writes it (GV300 layout); null accuracy or coordinates: no fix. */
export interface QueclinkPositionInput {
  lat: number | null;
  lon: number | null;
  speedKmh: number;
  azimuth: number;
  altitude: number;
  timeMs: number;
  /** HDOP 1–50; 0 = no fix. */
  accuracy: number;
  cell?: { mcc: number; mnc: number; lac: number; cellId: number };
}

interface Common {
  buffered?: boolean;
  /** GV300 family protocol version, e.g. '060100'. */
  protocolVersion: string;
  imei: string;
  deviceName?: string;
  sendTimeMs: number;
  count: number;
  mileageKm?: number;
}

/** Input for encodeQueclinkReport: the report types the simulator sends. */
export type QueclinkReportInput =
  | (Common & { type: 'GTFRI'; positions: QueclinkPositionInput[]; externalPowerMv?: number; batteryLevel?: number; deviceStatus?: string; hourMeterSeconds?: number })
  | (Common & { type: 'GTIGN' | 'GTIGF'; position: QueclinkPositionInput; durationSeconds: number; hourMeterSeconds?: number })
  | (Common & { type: 'GTSOS' | 'GTRTL'; position: QueclinkPositionInput });

/** YYYYMMDDHHMMSS in UTC. */
export function queclinkTime(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The 4-hex-digit count number of a counter (wraps at FFFF). */
export function queclinkCount(n: number): string {
  return (n & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}

function block(p: QueclinkPositionInput): string {
  const fix = p.accuracy > 0 && p.lat !== null && p.lon !== null;
  const c = p.cell;
  return [
    fix ? String(p.accuracy) : '0', p.speedKmh.toFixed(1), String(Math.round(p.azimuth) % 360), p.altitude.toFixed(1),
    p.lon === null ? '' : p.lon.toFixed(6), p.lat === null ? '' : p.lat.toFixed(6), queclinkTime(p.timeMs),
    c ? String(c.mcc).padStart(4, '0') : '', c ? String(c.mnc).padStart(4, '0') : '',
    c ? c.lac.toString(16).toUpperCase().padStart(4, '0') : '', c ? c.cellId.toString(16).toUpperCase().padStart(4, '0') : '', '00',
  ].join(',');
}

function hourMeter(s: number | undefined): string {
  if (s === undefined) return '';
  const h = Math.floor(s / 3600);
  return `${String(h).padStart(5, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A GV300-layout report (`+RESP:` or `+BUFF:` … `$`), for the simulator and tests. */
export function encodeQueclinkReport(r: QueclinkReportInput): string {
  if (!/^(06|25|27)[0-9A-Z]{4}$/.test(r.protocolVersion) || (r.type === 'GTFRI' && r.protocolVersion.startsWith('27'))) {
    throw new ProtocolError('invalid_field', `the encoder writes the GV300 layout only, not protocol version ${r.protocolVersion}`);
  }
  const head = `+${r.buffered ? 'BUFF' : 'RESP'}:${r.type},${r.protocolVersion},${r.imei},${r.deviceName ?? ''}`;
  const mileage = r.mileageKm === undefined ? '' : r.mileageKm.toFixed(1);
  const tail = `${queclinkTime(r.sendTimeMs)},${queclinkCount(r.count)}$`;
  if (r.type === 'GTFRI') {
    if (r.positions.length < 1 || r.positions.length > 15) throw new ProtocolError('invalid_field', 'a GTFRI holds 1 to 15 positions');
    return [
      head, r.externalPowerMv ?? '', '10', r.positions.length, ...r.positions.map(block), mileage, hourMeter(r.hourMeterSeconds), '', '',
      r.batteryLevel ?? '', r.deviceStatus ?? '', '', '', '', tail,
    ].join(',');
  }
  if (r.type === 'GTIGN' || r.type === 'GTIGF') {
    return [head, r.durationSeconds, block(r.position), hourMeter(r.hourMeterSeconds), mileage, tail].join(',');
  }
  return [head, '', '00', 1, block(r.position), mileage, tail].join(',');
}

/** `+ACK:GTHBD,…$`: the device's heartbeat. */
export function encodeQueclinkHeartbeat(protocolVersion: string, imei: string, deviceName: string, sendTimeMs: number, count: number): string {
  return `+ACK:GTHBD,${protocolVersion},${imei},${deviceName},${queclinkTime(sendTimeMs)},${queclinkCount(count)}$`;
}
