import { crcItu } from './crc.ts';
import { COORDINATE_SCALE, encodeStatus } from './fields.ts';
import { GT06, type Gt06Cell, type Gt06Gps, type TerminalStatus } from './types.ts';

/**
 * One GT06 frame around `content`: 78 78 and a one-byte length when it fits (or 79 79 and two
 * bytes when it does not, or when `long`), protocol number, content, serial, CRC-ITU, 0D 0A.
 */
export function encodeGt06Packet(protocol: number, content: Uint8Array, serial: number, long = false): Buffer {
  const length = 1 + content.length + 2 + 2;
  const useLong = long || length > 0xff;
  const head = useLong ? 4 : 3;
  const buf = Buffer.alloc(head + length + 2);
  buf[0] = buf[1] = useLong ? 0x79 : 0x78;
  if (useLong) buf.writeUInt16BE(length, 2);
  else buf[2] = length;
  buf[head] = protocol;
  buf.set(content, head + 1);
  const serialAt = head + 1 + content.length;
  buf.writeUInt16BE(serial & 0xffff, serialAt);
  buf.writeUInt16BE(crcItu(buf, 2, serialAt + 2), serialAt + 2);
  buf[serialAt + 4] = 0x0d;
  buf[serialAt + 5] = 0x0a;
  return buf;
}

/** The server's empty reply to a login, heartbeat or alarm: the same protocol number and serial. */
export function encodeGt06Reply(protocol: number, serial: number): Buffer {
  return encodeGt06Packet(protocol, Buffer.alloc(0), serial);
}

/** The server's answer to a time calibration request (0x8A): its UTC date and time. */
export function encodeGt06TimeReply(serial: number, nowMs: number): Buffer {
  return encodeGt06Packet(GT06.timeRequest, timeBytes(nowMs), serial);
}

/** An online command (0x80): length, 4-byte server flag, the ASCII command (as an SMS command). */
export function encodeGt06Command(text: string, serverFlag: number, serial: number): Buffer {
  const cmd = Buffer.from(text, 'latin1');
  const content = Buffer.alloc(1 + 4 + cmd.length);
  content[0] = 4 + cmd.length;
  content.writeUInt32BE(serverFlag >>> 0, 1);
  content.set(cmd, 5);
  return encodeGt06Packet(GT06.command, content, serial);
}

/** A device's login (0x01): the IMEI in BCD with a leading 0, optionally type code and zone word. */
export function encodeGt06Login(imei: string, serial: number, extra?: { typeCode: number; zoneWord: number }): Buffer {
  const id = Buffer.from(imei.padStart(16, '0'), 'hex');
  const content = extra ? Buffer.concat([id, u16(extra.typeCode), u16(extra.zoneWord)]) : id;
  return encodeGt06Packet(GT06.login, content, serial);
}

/** A device's heartbeat: 0x13 with a voltage level 0–6, or 0x23 with volts. */
export function encodeGt06Heartbeat(
  h: { status: TerminalStatus; voltageLevel?: number; voltage?: number; gsm: number; language?: number },
  serial: number,
): Buffer {
  const volts = h.voltage !== undefined ? u16(Math.round(h.voltage * 100)) : Buffer.of(h.voltageLevel ?? 0);
  const content = Buffer.concat([Buffer.of(encodeStatus(h.status)), volts, Buffer.of(h.gsm), u16(h.language ?? 2)]);
  return encodeGt06Packet(h.voltage !== undefined ? GT06.heartbeat23 : GT06.heartbeat, content, serial);
}

/** A device's location: 0x12 (GPS + cell), 0x22 (+ ACC, upload mode, re-upload) or 0xA0 (4G cell). */
export function encodeGt06Location(
  protocol: 0x12 | 0x22 | 0xa0,
  p: { gps: Gt06Gps; cell: Gt06Cell; acc?: boolean; uploadMode?: number; reupload?: boolean },
  serial: number,
): Buffer {
  const parts = [gpsBytes(p.gps), cellBytes(p.cell, protocol === GT06.location4g)];
  if (protocol !== GT06.location) parts.push(Buffer.of(p.acc ? 1 : 0, p.uploadMode ?? 0, p.reupload ? 1 : 0));
  return encodeGt06Packet(protocol, Buffer.concat(parts), serial);
}

/** A device's alarm (0x16 / 0x26; 0x27 adds the fence number). */
export function encodeGt06Alarm(
  protocol: 0x16 | 0x26 | 0x27,
  a: { gps: Gt06Gps; cell: Gt06Cell; status: TerminalStatus; voltageLevel: number; gsm: number; alarmCode: number; language?: number; fence?: number },
  serial: number,
): Buffer {
  const cell = cellBytes(a.cell, false);
  const parts = [gpsBytes(a.gps), Buffer.of(cell.length + 1), cell,
    Buffer.of(encodeStatus(a.status), a.voltageLevel, a.gsm, a.alarmCode, a.language ?? 2)];
  if (protocol === GT06.alarm27) parts.push(Buffer.of(a.fence ?? 0xff));
  return encodeGt06Packet(protocol, Buffer.concat(parts), serial);
}

/** A device's answer to an online command: 0x15 (ASCII, short frame) or 0x21 (long frame, ASCII or UTF-16BE). */
export function encodeGt06CommandReply(
  text: string, serverFlag: number, serial: number, opts: { protocol?: 0x15 | 0x21; utf16?: boolean } = {},
): Buffer {
  const flag = Buffer.alloc(4);
  flag.writeUInt32BE(serverFlag >>> 0);
  if (opts.protocol === GT06.stringInfo) {
    const body = Buffer.from(text, 'latin1');
    return encodeGt06Packet(GT06.stringInfo, Buffer.concat([Buffer.of(4 + body.length), flag, body, u16(2)]), serial);
  }
  const body = opts.utf16 ? Buffer.from(text, 'utf16le').swap16() : Buffer.from(text, 'latin1');
  return encodeGt06Packet(GT06.commandReply, Buffer.concat([flag, Buffer.of(opts.utf16 ? 2 : 1), body]), serial, true);
}

/** A device's LBS report (0x28): time and the serving cell with its signal, no neighbours. */
export function encodeGt06Lbs(timeMs: number, cell: Gt06Cell, serial: number): Buffer {
  return encodeGt06Packet(GT06.lbs, Buffer.concat([timeBytes(timeMs), cellBytes(cell, false), Buffer.of(0xff), Buffer.of(0xff), u16(2)]), serial);
}

function u16(v: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v & 0xffff);
  return b;
}

function timeBytes(ms: number): Buffer {
  const d = new Date(ms);
  return Buffer.of(d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
}

function gpsBytes(g: Gt06Gps): Buffer {
  const b = Buffer.alloc(18);
  timeBytes(g.timeMs).copy(b, 0);
  b[6] = 0xc0 | Math.min(15, g.satellites);
  b.writeUInt32BE(Math.round(Math.abs(g.latitude) * COORDINATE_SCALE), 7);
  b.writeUInt32BE(Math.round(Math.abs(g.longitude) * COORDINATE_SCALE), 11);
  b[15] = Math.min(255, Math.max(0, Math.round(g.speedKmh)));
  const word = (g.differential ? 0x2000 : 0) | (g.positioned ? 0x1000 : 0) | (g.longitude < 0 ? 0x0800 : 0)
    | (g.latitude >= 0 ? 0x0400 : 0) | (Math.round(g.course) & 0x03ff);
  b.writeUInt16BE(word, 16);
  return b;
}

function cellBytes(c: Gt06Cell, fourG: boolean): Buffer {
  const wideMnc = c.mnc > 0xff;
  const parts = [u16(c.mcc | (wideMnc ? 0x8000 : 0)), wideMnc ? u16(c.mnc) : Buffer.of(c.mnc)];
  if (fourG) {
    const lac = Buffer.alloc(4);
    lac.writeUInt32BE(c.lac >>> 0);
    const cid = Buffer.alloc(8);
    cid.writeBigUInt64BE(BigInt(c.cid));
    parts.push(lac, cid);
  } else {
    const cid = Number(c.cid);
    parts.push(u16(c.lac), Buffer.of((cid >> 16) & 0xff, (cid >> 8) & 0xff, cid & 0xff));
  }
  return Buffer.concat(parts);
}
