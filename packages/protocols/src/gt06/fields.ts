import { ProtocolError } from '../errors.ts';
import type { ByteReader } from '../teltonika/reader.ts';
import type { Gt06Cell, Gt06Gps, TerminalStatus } from './types.ts';

/** Coordinates are sent as minutes × 30000: degrees = value / 30000 / 60. */
export const COORDINATE_SCALE = 30000 * 60;

/** Date and time: year (2000 + YY), month, day, hour, minute, second, one byte each, UTC. */
export function readTime(r: ByteReader): number {
  const at = r.offset;
  const [yy, mo, d, h, mi, s] = [r.u8('year'), r.u8('month'), r.u8('day'), r.u8('hour'), r.u8('minute'), r.u8('second')];
  if (yy > 99 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) {
    const text = [yy, mo, d, h, mi, s].map((v) => String(v).padStart(2, '0')).join(' ');
    throw new ProtocolError('bad_timestamp', `GT06 date/time ${text} (YY MM DD hh mm ss) is not a valid time`, at);
  }
  const ms = Date.UTC(2000 + yy, mo - 1, d, h, mi, s);
  if (new Date(ms).getUTCDate() !== d) {
    throw new ProtocolError('bad_timestamp', `GT06 date 20${String(yy).padStart(2, '0')}-${mo}-${d} does not exist`, at);
  }
  return ms;
}

/**
 * The GPS block: date/time (6), GPS info (high nibble: its length, low nibble: satellites),
 * latitude (4), longitude (4), speed km/h (1), course and status (2: bit 13 differential, bit 12
 * positioned, bit 11 west longitude, bit 10 north latitude, bits 0–9 course).
 */
export function decodeGps(r: ByteReader): Gt06Gps {
  const timeMs = readTime(r);
  const satellites = r.u8('GPS information') & 0x0f;
  const lat = r.u32('latitude') / COORDINATE_SCALE;
  const lon = r.u32('longitude') / COORDINATE_SCALE;
  const speedKmh = r.u8('speed');
  const word = r.u16('course and status');
  const north = (word & 0x0400) !== 0;
  const west = (word & 0x0800) !== 0;
  if (lat > 90 || lon > 180) {
    throw new ProtocolError('out_of_range', `GT06 coordinates ${lat.toFixed(6)}, ${lon.toFixed(6)} are beyond 90/180 degrees`, r.offset - 11);
  }
  return {
    timeMs, satellites, latitude: north ? lat : -lat, longitude: west ? -lon : lon, speedKmh, course: word & 0x03ff,
    positioned: (word & 0x1000) !== 0, differential: (word & 0x2000) !== 0,
  };
}

/**
 * MCC (2; bit 15 set: the MNC takes 2 bytes), MNC (1 or 2), LAC (2; 4G: 4) and cell id (3; 4G: 8).
 */
export function readCell(r: ByteReader, fourG: boolean): Gt06Cell {
  const mccWord = r.u16('MCC');
  const mnc = mccWord & 0x8000 ? r.u16('MNC') : r.u8('MNC');
  const lac = fourG ? r.u32('LAC') : r.u16('LAC');
  const cid = fourG ? r.u64('cell id').toString() : String(r.u16('cell id') * 256 + r.u8('cell id'));
  return { mcc: mccWord & 0x7fff, mnc, lac, cid };
}

/** The terminal information byte. */
export function decodeStatus(b: number): TerminalStatus {
  return {
    cutOff: (b & 0x80) !== 0,
    gpsFixed: (b & 0x40) !== 0,
    alarmBits: (b >> 3) & 0x07,
    charging: (b & 0x04) !== 0,
    acc: (b & 0x02) !== 0,
    defence: (b & 0x01) !== 0,
  };
}

/** The terminal information byte from its fields. */
export function encodeStatus(s: TerminalStatus): number {
  return (s.cutOff ? 0x80 : 0) | (s.gpsFixed ? 0x40 : 0) | ((s.alarmBits & 7) << 3) | (s.charging ? 4 : 0) | (s.acc ? 2 : 0) | (s.defence ? 1 : 0);
}
