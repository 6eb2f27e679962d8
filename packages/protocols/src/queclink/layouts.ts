import { ProtocolError } from '../errors.ts';
import type { QueclinkFamily, QueclinkReportType } from './types.ts';

/**
 * Families by the first two characters of the 6-character protocol version (device type), after
 * Traccar's PROTOCOL_MODELS map; the layouts below come from the vendor's GV300 / GV500 documents
 * and real frames (docs/protocols/queclink.md).
 */
const FAMILIES: Record<string, QueclinkFamily> = { '06': 'GV300', '25': 'GV300', '27': 'GV300W', '1F': 'GV500', '36': 'GV500' };

/** Other device types, named only so that the refusal says which model sent the frame. */
const OTHER_MODELS: Record<string, string> = {
  '02': 'GL200', '21': 'GL200', '04': 'GV200', '35': 'GV200', '08': 'GMT100', '0F': 'GV55', '1A': 'GL300', '2C': 'GL300W',
  '31': 'GV65', '41': 'GV75W', '6E': 'GV310LAU', 'BD': 'CV200', 'C2': 'GV600M', 'F1': 'GV350M', 'DF': 'CV100LG',
};

/** The family of a protocol version, or a ProtocolError naming what is not decoded. */
export function familyOf(version: string): QueclinkFamily {
  if (!/^[0-9A-Z]{6}$/.test(version)) {
    throw new ProtocolError('invalid_field', `protocol version '${version}' is not the 6-character device type and version this decoder reads (GV300/GV500 family)`);
  }
  const type = version.slice(0, 2);
  const family = FAMILIES[type];
  if (family) return family;
  const model = OTHER_MODELS[type];
  throw new ProtocolError('unknown_message_type', `protocol version ${version} (${model ?? `device type ${type}`}) has layouts this decoder does not read; only the GV300 / GV500 family is decoded`);
}

/** Report types of the shared "generic location" layout (GV300 document, section 3.3.1). */
export const GENERIC_TYPES: readonly QueclinkReportType[] = [
  'GTSOS', 'GTRTL', 'GTSPD', 'GTGEO', 'GTDIS', 'GTIGL', 'GTTOW', 'GTHBM', 'GTIOB', 'GTEPS', 'GTDOG', 'GTPNL',
];

export type LayoutKind = 'fri' | 'ign' | 'generic';

/**
 * Head: fields before the first position block (the header field included); tail: fields after
 * the last block (send time and count number included). Absent: a layout we have not verified.
 */
export interface Layout {
  kind: LayoutKind;
  head: number;
  tail: number;
  /** Whether the head has a Number field (positions in the report); otherwise exactly one. */
  numbered: boolean;
}

const FRI_GV300: Layout = { kind: 'fri', head: 7, tail: 11, numbered: true };
const FRI_GV500: Layout = { kind: 'fri', head: 8, tail: 11, numbered: true };
const IGN: Layout = { kind: 'ign', head: 5, tail: 4, numbered: false };
const GENERIC: Layout = { kind: 'generic', head: 7, tail: 3, numbered: true };

/** The layout of a report type for a family, or a ProtocolError saying it is not decoded. */
export function layoutOf(family: QueclinkFamily, version: string, type: QueclinkReportType): Layout {
  let layout: Layout | undefined;
  if (type === 'GTFRI') layout = family === 'GV300' ? FRI_GV300 : family === 'GV500' ? FRI_GV500 : undefined;
  else if (type === 'GTIGN' || type === 'GTIGF') layout = family === 'GV500' ? undefined : IGN;
  else if (GENERIC_TYPES.includes(type)) layout = family === 'GV500' ? undefined : GENERIC;
  if (!layout) {
    throw new ProtocolError('unknown_message_type', `${type} from a ${family} (protocol version ${version}) is not decoded: no verified layout (docs/protocols/queclink.md)`);
  }
  return layout;
}

/** Fields in one position block: accuracy, speed, azimuth, altitude, lon, lat, GPS time, MCC, MNC, LAC, cell id, reserved. */
export const BLOCK = 12;
