import { ATTR } from '../attributes.ts';
import { ProtocolError } from '../errors.ts';
import { QUECLINK_EVENT_IO, type QueclinkHeartbeat, type QueclinkReport } from './types.ts';

/** One row's worth of a Queclink message, ready for the positions log. */
export interface QueclinkRecord {
  deviceTimeMs: number;
  lat: number;
  lon: number;
  altitude: number;
  angle: number;
  speedKmh: number;
  eventIo: number;
  io: Record<string, number | string>;
}

/**
 * A report's positions as log records. A position without a fix (GPS accuracy 0: the device
 * repeats its last known position and time) is stored at 0,0 with `fix: 0` and dated by the
 * send time, so two such reports stay two rows; of several in one report only the last is kept
 * (they would share that time).
 */
export function queclinkRecords(report: QueclinkReport): QueclinkRecord[] {
  const eventIo = QUECLINK_EVENT_IO[report.type];
  const out: QueclinkRecord[] = [];
  for (const p of report.positions) {
    const io: Record<string, number | string> = { ...report.attributes, countNumber: report.countNumber };
    if (p.mcc !== null && p.mnc !== null && p.lac !== null && p.cellId !== null) io[ATTR.cell] = `${p.mcc}:${p.mnc}:${p.lac}:${p.cellId}`;
    const fix = p.accuracy > 0 && p.lat !== null && p.lon !== null && p.gpsTimeMs !== null;
    if (fix) {
      io[ATTR.hdop] = p.accuracy;
      out.push({
        deviceTimeMs: p.gpsTimeMs ?? 0, lat: p.lat ?? 0, lon: p.lon ?? 0, altitude: Math.round(p.altitude ?? 0),
        angle: Math.round(p.azimuth ?? 0) % 360, speedKmh: Math.round(p.speedKmh ?? 0), eventIo, io,
      });
      continue;
    }
    io[ATTR.fix] = 0;
    const time = report.sendTimeMs ?? p.gpsTimeMs;
    if (time === null) throw new ProtocolError('missing_field', `${report.type} position without a fix has neither a send time nor a GPS time`);
    const rec = { deviceTimeMs: time, lat: 0, lon: 0, altitude: 0, angle: 0, speedKmh: 0, eventIo, io };
    const same = out.findIndex((r) => r.deviceTimeMs === time && r.io[ATTR.fix] === 0);
    if (same >= 0) out[same] = rec;
    else out.push(rec);
  }
  return out;
}

/** A heartbeat as a record without a fix, dated by its send time (null when it has none). */
export function queclinkHeartbeatRecord(hb: QueclinkHeartbeat): QueclinkRecord | null {
  if (hb.sendTimeMs === null) return null;
  return {
    deviceTimeMs: hb.sendTimeMs, lat: 0, lon: 0, altitude: 0, angle: 0, speedKmh: 0, eventIo: QUECLINK_EVENT_IO.GTHBD,
    io: { [ATTR.event]: 'GTHBD', [ATTR.fix]: 0, countNumber: hb.countNumber },
  };
}
