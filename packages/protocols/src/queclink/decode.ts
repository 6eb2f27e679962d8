import { ProtocolError } from '../errors.ts';
import { at, hexOrNull, rangedOrNull, timeOrNull } from './fields.ts';
import { BLOCK, familyOf, type Layout, layoutOf } from './layouts.ts';
import { reportAttributes } from './report-attributes.ts';
import {
  QUECLINK_EVENT_IO, type QueclinkMessage, type QueclinkPosition, type QueclinkReportType,
} from './types.ts';

/** Longest message accepted; GTERI with CAN data reaches about 1,000 characters. */
export const QUECLINK_MAX_MESSAGE = 4096;
const PRINTABLE = /^[\x20-\x7E]*$/;
const HEAD = /^\+(RESP|BUFF|ACK):(GT[0-9A-Z]{3})$/;
const COUNT = /^[0-9A-Fa-f]{4}$/;

/**
 * One @Track ASCII message (`+RESP:` / `+BUFF:` / `+ACK:` … `$`; the `$` may be left off) → a
 * report, heartbeat or command acknowledgement. Anything else, or a layout not verified for the
 * device's family, is a ProtocolError.
 */
export function decodeQueclink(text: string): QueclinkMessage {
  if (text.length > QUECLINK_MAX_MESSAGE) throw new ProtocolError('length_exceeded', `message of ${text.length} characters is over the ${QUECLINK_MAX_MESSAGE} limit`);
  if (!PRINTABLE.test(text)) throw new ProtocolError('invalid_field', 'message holds characters that are not printable ASCII');
  const body = text.endsWith('$') ? text.slice(0, -1) : text;
  if (body.includes('$')) throw new ProtocolError('trailing_bytes', "message has text after its closing '$'");
  const fields = body.split(',');
  const m = HEAD.exec(at(fields, 0));
  if (!m) throw new ProtocolError('bad_preamble', `'${at(fields, 0).slice(0, 20)}' is not +RESP:GTxxx, +BUFF:GTxxx or +ACK:GTxxx`);
  const [, header, type] = m as unknown as [string, 'RESP' | 'BUFF' | 'ACK', string];
  if (fields.length < 6) throw new ProtocolError('truncated', `${type} has ${fields.length} fields, too few for any message`);
  const protocolVersion = at(fields, 1);
  const family = familyOf(protocolVersion);
  const imei = at(fields, 2);
  if (!/^\d{15}$/.test(imei)) throw new ProtocolError('bad_imei', `unique id '${imei.slice(0, 20)}' is not a 15-digit IMEI`);
  const countNumber = at(fields, fields.length - 1);
  if (!COUNT.test(countNumber)) throw new ProtocolError('invalid_field', `count number '${countNumber.slice(0, 10)}' is not 4 hex digits`);
  const sendTimeMs = timeOrNull('send time', at(fields, fields.length - 2));
  const head = { protocolVersion, family, imei, sendTimeMs, countNumber };

  if (header === 'ACK') {
    if (type === 'GTHBD') return { kind: 'heartbeat', ...head, deviceName: at(fields, 3) };
    if (fields.length < 7) throw new ProtocolError('truncated', `+ACK:${type} has ${fields.length} fields; a command acknowledgement has at least 7`);
    return { kind: 'ack', ...head, deviceName: at(fields, 3), command: type, serialNumber: at(fields, fields.length - 3) };
  }
  if (!(type in QUECLINK_EVENT_IO) || type === 'GTHBD') {
    throw new ProtocolError('unknown_message_type', `report ${type} is not decoded (decoded: ${Object.keys(QUECLINK_EVENT_IO).filter((t) => t !== 'GTHBD').join(', ')})`);
  }
  const reportType = type as QueclinkReportType;
  if (reportType === 'GTPDP') {
    // GV300: version, IMEI, device name; GV500 adds the VIN before the device name.
    if (fields.length !== (family === 'GV500' ? 7 : 6)) throw new ProtocolError('count_mismatch', `GTPDP has ${fields.length} fields; a ${family} sends ${family === 'GV500' ? 7 : 6}`);
    return {
      kind: 'report', ...head, buffered: header === 'BUFF', type: reportType, positions: [], deviceName: at(fields, fields.length - 3),
      attributes: { event: 'GTPDP', ...(header === 'BUFF' ? { buffered: 1 } : {}) },
    };
  }
  const layout = layoutOf(family, protocolVersion, reportType);
  const number = positionCount(fields, layout, reportType);
  const positions: QueclinkPosition[] = [];
  for (let i = 0; i < number; i++) positions.push(readPosition(fields, layout.head + i * BLOCK));
  const attributes = reportAttributes(family, reportType, layout, fields, header === 'BUFF');
  return {
    kind: 'report', ...head, buffered: header === 'BUFF', type: reportType, positions, attributes,
    deviceName: at(fields, family === 'GV500' && layout.kind === 'fri' ? 4 : 3),
  };
}

function positionCount(fields: readonly string[], layout: Layout, type: string): number {
  let number = 1;
  if (layout.numbered) {
    const raw = at(fields, layout.head - 1);
    if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1 || Number(raw) > 15) throw new ProtocolError('invalid_field', `${type} number of positions '${raw.slice(0, 10)}' is not 1..15`);
    number = Number(raw);
  }
  const expected = layout.head + number * BLOCK + layout.tail;
  if (fields.length !== expected) {
    throw new ProtocolError('count_mismatch', `${type} has ${fields.length} fields; its layout with ${number} position(s) has ${expected}`);
  }
  return number;
}

function readPosition(f: readonly string[], i: number): QueclinkPosition {
  return {
    accuracy: rangedOrNull('GPS accuracy', at(f, i), 0, 50) ?? 0,
    speedKmh: rangedOrNull('speed', at(f, i + 1), 0, 999.9),
    azimuth: rangedOrNull('azimuth', at(f, i + 2), 0, 360),
    altitude: rangedOrNull('altitude', at(f, i + 3), -99999.9, 99999.9),
    lon: rangedOrNull('longitude', at(f, i + 4), -180, 180),
    lat: rangedOrNull('latitude', at(f, i + 5), -90, 90),
    gpsTimeMs: timeOrNull('GPS UTC time', at(f, i + 6)),
    mcc: rangedOrNull('MCC', at(f, i + 7), 0, 9999),
    mnc: rangedOrNull('MNC', at(f, i + 8), 0, 9999),
    lac: hexOrNull('LAC', at(f, i + 9)),
    cellId: hexOrNull('cell id', at(f, i + 10)),
  };
}

