import { ATTR } from '../attributes.ts';
import { GT06_ALERTS } from './alarms.ts';
import type { Gt06Cell, Gt06Gps, Gt06Message, TerminalStatus } from './types.ts';

/** What one GT06 packet reports, ready to be a row of the positions log. */
export interface Gt06Report {
  timeMs: number;
  latitude: number;
  longitude: number;
  speedKmh: number;
  angle: number;
  satellites: number;
  /** The protocol number: the log's re-send key tells reports of the same second apart by it. */
  eventIo: number;
  io: Record<string, number | string>;
}

/**
 * The report a packet carries, or null for packets that are not reports (login, command reply,
 * time request, unsupported). A report without a GPS fix (not positioned, LBS, heartbeat) is at
 * 0,0 with `fix: 0`, as docs/ingest.md describes; a heartbeat, which carries no time, takes
 * `receivedAtMs`.
 */
export function gt06Report(m: Gt06Message, receivedAtMs: number): Gt06Report | null {
  switch (m.type) {
    case 'location': {
      const io: Record<string, number | string> = {};
      if (m.acc !== undefined) io[ATTR.ignition] = m.acc ? 1 : 0;
      if (m.reupload) io.gt06Reupload = 1;
      if (m.uploadMode !== undefined) io.gt06UploadMode = m.uploadMode;
      if (m.mileage !== undefined) io.gt06Mileage = m.mileage;
      return fromGps(m.gps, m.cell, m.protocol, io);
    }
    case 'alarm': {
      const io = statusIo(m.status);
      addLevels(io, m.voltageLevel, m.gsm);
      io.gt06Alert = m.alarmCode;
      const name = GT06_ALERTS[m.alarmCode]?.name;
      if (name) io[ATTR.event] = name;
      if (m.alarm) io[ATTR.alarm] = m.alarm;
      if (m.fence !== undefined && m.fence !== 0xff) io.gt06Fence = m.fence;
      return fromGps(m.gps, m.cell, m.protocol, io);
    }
    case 'heartbeat': {
      const io = statusIo(m.status);
      io.gt06GpsFixed = m.status.gpsFixed ? 1 : 0;
      if (m.voltage !== undefined) io[ATTR.battery] = m.voltage;
      addLevels(io, m.voltageLevel, m.gsm);
      return noFix(receivedAtMs, m.protocol, io);
    }
    case 'lbs':
      return noFix(m.timeMs, m.protocol, { [ATTR.cell]: cellText(m.cell) });
    default:
      return null;
  }
}

function fromGps(g: Gt06Gps, cell: Gt06Cell | undefined, protocol: number, io: Record<string, number | string>): Gt06Report {
  if (!g.positioned) {
    if (cell) io[ATTR.cell] = cellText(cell);
    return { ...noFix(g.timeMs, protocol, io), satellites: g.satellites };
  }
  return {
    timeMs: g.timeMs, latitude: g.latitude, longitude: g.longitude, speedKmh: g.speedKmh, angle: g.course,
    satellites: g.satellites, eventIo: protocol, io,
  };
}

function noFix(timeMs: number, protocol: number, io: Record<string, number | string>): Gt06Report {
  io[ATTR.fix] = 0;
  return { timeMs, latitude: 0, longitude: 0, speedKmh: 0, angle: 0, satellites: 0, eventIo: protocol, io };
}

function statusIo(s: TerminalStatus): Record<string, number | string> {
  return {
    [ATTR.ignition]: s.acc ? 1 : 0, [ATTR.charge]: s.charging ? 1 : 0, gt06Defence: s.defence ? 1 : 0, gt06CutOff: s.cutOff ? 1 : 0,
  };
}

/** Voltage level 0–6 as a percentage (level × 100 / 6); GSM 0–4 as 0–5 bars. Out-of-scale values are kept raw only. */
function addLevels(io: Record<string, number | string>, voltageLevel: number | undefined, gsm: number): void {
  if (voltageLevel !== undefined) {
    io.gt06Voltage = voltageLevel;
    if (voltageLevel <= 6) io[ATTR.batteryLevel] = Math.round((voltageLevel * 100) / 6);
  }
  io.gt06Gsm = gsm;
  if (gsm <= 4) io[ATTR.rssi] = Math.round((gsm * 5) / 4);
}

/** "mcc:mnc:lac:cid", the named `cell` attribute. */
export function cellText(c: Gt06Cell): string {
  return `${c.mcc}:${c.mnc}:${c.lac}:${c.cid}`;
}
