/** Queclink @Track ASCII messages as the decoder returns them (docs/protocols/queclink.md). */

/** Report types we decode; each has its own eventIo so two at the same second are both kept. */
export const QUECLINK_EVENT_IO = {
  GTFRI: 1,
  GTIGN: 2,
  GTIGF: 3,
  GTSOS: 4,
  GTHBD: 5,
  GTRTL: 6,
  GTSPD: 7,
  GTGEO: 8,
  GTDIS: 9,
  GTIGL: 10,
  GTTOW: 11,
  GTHBM: 12,
  GTIOB: 13,
  GTEPS: 14,
  GTDOG: 15,
  GTPNL: 16,
  /** GPRS connection established: no position, nothing stored, but acknowledged. */
  GTPDP: 17,
} as const;

export type QueclinkReportType = keyof typeof QUECLINK_EVENT_IO;

/** Device families whose layouts we know (the first two characters of the protocol version). */
export type QueclinkFamily = 'GV300' | 'GV300W' | 'GV500';

/** One GNSS position block of a report. */
export interface QueclinkPosition {
  /** GPS accuracy field: 0 = no fix now (the device repeats its last known position), 1–50 = HDOP. */
  accuracy: number;
  speedKmh: number | null;
  azimuth: number | null;
  altitude: number | null;
  lon: number | null;
  lat: number | null;
  /** GPS UTC time, ms since epoch; null when the field is empty. */
  gpsTimeMs: number | null;
  mcc: number | null;
  mnc: number | null;
  /** LAC and cell id, read from hex. */
  lac: number | null;
  cellId: number | null;
}

interface QueclinkHead {
  /** The protocol version field as sent (6 characters: device type + firmware version). */
  protocolVersion: string;
  family: QueclinkFamily;
  imei: string;
  deviceName: string;
  /** Send time (the device's clock, UTC unless its time zone was changed), ms since epoch. */
  sendTimeMs: number | null;
  /** The message's count number: 4 hex characters, echoed byte for byte in the SACK. */
  countNumber: string;
}

/** A `+RESP:` report, or a `+BUFF:` one (the same report, buffered and sent later). */
export interface QueclinkReport extends QueclinkHead {
  kind: 'report';
  buffered: boolean;
  type: QueclinkReportType;
  positions: QueclinkPosition[];
  /** Named attributes (ATTR words and Queclink word keys) that hold for every position of the report. */
  attributes: Record<string, number | string>;
}

/** `+ACK:GTHBD`: the heartbeat, answered with `+SACK:GTHBD,<protocol version>,<count number>$`. */
export interface QueclinkHeartbeat extends QueclinkHead {
  kind: 'heartbeat';
}

/** `+ACK:GTxxx`: the device's acknowledgement of a command we sent (serial number echoed). */
export interface QueclinkCommandAck extends QueclinkHead {
  kind: 'ack';
  command: string;
  serialNumber: string;
}

export type QueclinkMessage = QueclinkReport | QueclinkHeartbeat | QueclinkCommandAck;
