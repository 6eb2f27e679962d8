import { hex, ProtocolError } from '../errors.ts';
import { ByteReader } from '../teltonika/reader.ts';
import { gt06Alarm } from './alarms.ts';
import { crcItu } from './crc.ts';
import { frameOverhead } from './framer.ts';
import { decodeGps, decodeStatus, readCell, readTime } from './fields.ts';
import { GT06, type Gt06Message } from './types.ts';

/**
 * Decodes one whole GT06 frame (start bits through stop bits, as Gt06Framer returns it): checks
 * the start, length, stop bits and CRC-ITU, then reads the packet by its protocol number. Fields a
 * model appends beyond those the manuals list are ignored; a field cut short is a ProtocolError.
 */
export function decodeGt06Frame(frame: Buffer): Gt06Message {
  const { protocol, serial, reader } = openGt06Frame(frame);
  return decodeContent(protocol, serial, reader);
}

/**
 * Checks a whole frame's start, length, stop bits and CRC-ITU; returns its protocol number,
 * serial and a reader over its content.
 */
export function openGt06Frame(frame: Buffer): { protocol: number; serial: number; reader: ByteReader } {
  const start = frame[0];
  if ((start !== 0x78 && start !== 0x79) || frame[1] !== start) {
    throw new ProtocolError('bad_preamble', 'GT06 frame must start 7878 or 7979', 0);
  }
  const long = start === 0x79;
  const headerEnd = long ? 4 : 3;
  if (frame.length < headerEnd + 5 + 2) throw new ProtocolError('truncated', `GT06 frame of ${frame.length} bytes is too short`, 0);
  const length = long ? frame.readUInt16BE(2) : (frame[2] as number);
  if (frameOverhead(start) + length !== frame.length) {
    throw new ProtocolError('length_mismatch', `GT06 packet length ${length} does not match a frame of ${frame.length} bytes`, 2);
  }
  const end = frame.length - 2;
  if (frame[end] !== 0x0d || frame[end + 1] !== 0x0a) throw new ProtocolError('length_mismatch', 'GT06 frame does not end 0D0A', end);
  const crc = frame.readUInt16BE(end - 2);
  const expected = crcItu(frame, 2, end - 2);
  if (crc !== expected) {
    throw new ProtocolError('bad_crc', `GT06 CRC-ITU mismatch: frame says ${hex(crc, 4)}, computed ${hex(expected, 4)}`, end - 2);
  }
  const protocol = frame[headerEnd] as number;
  const serial = frame.readUInt16BE(end - 4);
  return { protocol, serial, reader: new ByteReader(frame, headerEnd + 1, end - 4, `GT06 packet 0x${hex(protocol)}`) };
}

function decodeContent(protocol: number, serial: number, r: ByteReader): Gt06Message {
  switch (protocol) {
    case GT06.login:
      return decodeLogin(serial, r);
    case GT06.heartbeat:
    case GT06.heartbeat23: {
      const status = decodeStatus(r.u8('terminal information'));
      const volts = protocol === GT06.heartbeat23 ? { voltage: r.u16('voltage') / 100 } : { voltageLevel: r.u8('voltage level') };
      const gsm = r.u8('GSM signal strength');
      const language = r.remaining >= 2 ? r.u16('alarm/language') & 0xff : 0;
      return { type: 'heartbeat', protocol, serial, status, ...volts, gsm, language };
    }
    case GT06.location:
    case GT06.location22:
    case GT06.location4g: {
      const gps = decodeGps(r);
      if (protocol === GT06.location) {
        const cell = r.remaining >= 8 ? readCell(r, false) : undefined;
        return { type: 'location', protocol, serial, gps, ...(cell ? { cell } : {}) };
      }
      const cell = readCell(r, protocol === GT06.location4g);
      const acc = r.u8('ACC') !== 0;
      const extra: { uploadMode?: number; reupload?: boolean; mileage?: number } = {};
      if (r.remaining >= 1) extra.uploadMode = r.u8('data upload mode');
      if (r.remaining >= 1) extra.reupload = r.u8('GPS data re-upload') === 1;
      if (r.remaining >= 4) extra.mileage = r.u32('mileage');
      return { type: 'location', protocol, serial, gps, cell, acc, ...extra };
    }
    case GT06.lbs:
    case GT06.lbs4g: {
      const timeMs = readTime(r);
      return { type: 'lbs', protocol, serial, timeMs, cell: readCell(r, protocol === GT06.lbs4g) };
    }
    case GT06.alarm:
    case GT06.alarm26:
    case GT06.alarm27:
    case GT06.alarm4g:
      return decodeAlarm(protocol, serial, r);
    case GT06.stringInfo: {
      const n = r.u8('command length');
      if (n < 4) throw new ProtocolError('invalid_field', `GT06 command reply length ${n} is below the 4-byte server flag`, r.offset - 1);
      const serverFlag = r.u32('server flag');
      return { type: 'commandReply', protocol, serial, serverFlag, text: r.bytes(n - 4, 'command text').toString('latin1') };
    }
    case GT06.commandReply: {
      const serverFlag = r.u32('server flag');
      const code = r.u8('content encoding');
      if (code !== 1 && code !== 2) throw new ProtocolError('invalid_field', `GT06 reply encoding ${code} is neither 1 (ASCII) nor 2 (UTF-16BE)`, r.offset - 1);
      const body = r.bytes(r.remaining, 'content');
      if (code === 2 && body.length % 2 !== 0) throw new ProtocolError('invalid_field', 'GT06 UTF-16BE reply has an odd number of bytes', r.offset);
      const text = code === 1 ? body.toString('latin1') : Buffer.from(body).swap16().toString('utf16le');
      return { type: 'commandReply', protocol, serial, serverFlag, text };
    }
    case GT06.timeRequest:
      return { type: 'timeRequest', protocol, serial };
    default:
      return { type: 'unsupported', protocol, serial };
  }
}

function decodeLogin(serial: number, r: ByteReader): Gt06Message {
  const at = r.offset;
  const id = r.bytes(8, 'terminal id').toString('hex');
  if (!/^\d{16}$/.test(id)) throw new ProtocolError('bad_imei', `GT06 terminal id ${id.toUpperCase()} is not BCD digits`, at);
  const imei = id.replace(/^0+(?=\d{15}$)/, '');
  const login: Gt06Message & { type: 'login' } = { type: 'login', protocol: GT06.login, serial, imei };
  if (r.remaining >= 2) login.typeCode = r.u16('type identity code');
  if (r.remaining >= 2) {
    const word = r.u16('time zone/language');
    const hundredths = word >> 4;
    const minutes = Math.floor(hundredths / 100) * 60 + (hundredths % 100);
    if (hundredths % 100 < 60 && minutes <= 14 * 60) login.timeZoneMinutes = word & 0x08 ? -minutes : minutes;
    login.language = word & 0x03;
  }
  return login;
}

function decodeAlarm(protocol: number, serial: number, r: ByteReader): Gt06Message {
  const gps = decodeGps(r);
  const lbsAt = r.offset;
  const lbsLength = r.u8('LBS length');
  const cell = lbsLength > 1 ? readCell(r, protocol === GT06.alarm4g) : undefined;
  if (r.offset > lbsAt + Math.max(1, lbsLength)) {
    throw new ProtocolError('invalid_field', `GT06 LBS length ${lbsLength} is shorter than the cell it holds`, lbsAt);
  }
  r.bytes(lbsAt + Math.max(1, lbsLength) - r.offset, 'LBS information');
  const status = decodeStatus(r.u8('terminal information'));
  const voltageLevel = r.u8('voltage level');
  const gsm = r.u8('GSM signal strength');
  const alarmCode = r.u8('alert');
  const language = r.u8('language');
  const fence = (protocol === GT06.alarm27 || protocol === GT06.alarm4g) && r.remaining >= 1 ? r.u8('fence number') : undefined;
  const alarm = gt06Alarm(alarmCode, status.alarmBits);
  return {
    type: 'alarm', protocol, serial, gps, ...(cell ? { cell } : {}), status, voltageLevel, gsm, alarmCode,
    ...(alarm ? { alarm } : {}), language, ...(fence !== undefined ? { fence } : {}),
  };
}
