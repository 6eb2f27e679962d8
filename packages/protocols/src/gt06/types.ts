import type { DeviceAlarm } from '../attributes.ts';

/** Protocol numbers (the byte after the length) this decoder understands. */
export const GT06 = {
  login: 0x01,
  location: 0x12,
  heartbeat: 0x13,
  stringInfo: 0x15,
  alarm: 0x16,
  commandReply: 0x21,
  location22: 0x22,
  heartbeat23: 0x23,
  alarm26: 0x26,
  alarm27: 0x27,
  lbs: 0x28,
  command: 0x80,
  timeRequest: 0x8a,
  location4g: 0xa0,
  lbs4g: 0xa1,
  alarm4g: 0xa4,
} as const;

/** The terminal information byte (heartbeats and alarms). */
export interface TerminalStatus {
  /** Bit 7: fuel/power cut (the relay is engaged). */
  cutOff: boolean;
  /** Bit 6: GPS positioned. */
  gpsFixed: boolean;
  /** Bits 3–5 (GT06N): 0 normal, 1 vibration, 2 power cut, 3 low battery, 4 SOS. */
  alarmBits: number;
  /** Bit 2: external power connected (charging). */
  charging: boolean;
  /** Bit 1: ACC (ignition) on. */
  acc: boolean;
  /** Bit 0: defence (armed). */
  defence: boolean;
}

/** A GPS fix block: date/time, satellites, coordinates, speed, course and status. */
export interface Gt06Gps {
  /** Device time, ms since epoch (the device sends UTC). */
  timeMs: number;
  satellites: number;
  /** Degrees, south and west negative. */
  latitude: number;
  longitude: number;
  speedKmh: number;
  /** 0–1023 as sent (0–360 in practice), north 0, clockwise. */
  course: number;
  /** Course/status bit 4. */
  positioned: boolean;
  /** Course/status bit 5: 1 differential GPS, 0 real-time. */
  differential: boolean;
}

/** The serving cell. */
export interface Gt06Cell {
  mcc: number;
  mnc: number;
  lac: number;
  /** Cell id; 4G cell ids are up to 8 bytes, kept as a decimal string so no digit is lost. */
  cid: string;
}

export type Gt06Message =
  | {
      type: 'login';
      protocol: number;
      serial: number;
      imei: string;
      /** Type identity code (VL03 and later), when sent. */
      typeCode?: number;
      /** The device's configured zone in minutes east of UTC, when sent (see docs/protocols/gt06.md). */
      timeZoneMinutes?: number;
      language?: number;
    }
  | {
      type: 'heartbeat';
      protocol: number;
      serial: number;
      status: TerminalStatus;
      /** 0x13: voltage level 0–6. */
      voltageLevel?: number;
      /** 0x23: battery volts. */
      voltage?: number;
      /** 0–4. */
      gsm: number;
      language: number;
    }
  | { type: 'location'; protocol: number; serial: number; gps: Gt06Gps; cell?: Gt06Cell; acc?: boolean; uploadMode?: number; reupload?: boolean; mileage?: number }
  | { type: 'lbs'; protocol: number; serial: number; timeMs: number; cell: Gt06Cell }
  | {
      type: 'alarm';
      protocol: number;
      serial: number;
      gps: Gt06Gps;
      cell?: Gt06Cell;
      status: TerminalStatus;
      voltageLevel: number;
      gsm: number;
      /** The alert byte as sent (0x01 SOS, 0x02 power cut, …). */
      alarmCode: number;
      /** The alert as a named alarm, when it is one of DEVICE_ALARMS. */
      alarm?: DeviceAlarm;
      language: number;
      fence?: number;
    }
  | { type: 'commandReply'; protocol: number; serial: number; serverFlag: number; text: string }
  | { type: 'timeRequest'; protocol: number; serial: number }
  /** A well-formed frame of a kind this decoder does not read (e.g. 0x94 information transfer). */
  | { type: 'unsupported'; protocol: number; serial: number };
