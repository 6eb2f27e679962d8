/** Codec ids of AVL data packets we understand. */
export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_16 = 0x10;
/** GPRS commands and their replies. */
export const CODEC_12 = 0x0c;
/** Device-to-server messages with a timestamp (e.g. driver id, serial port text); never answered. */
export const CODEC_13 = 0x0d;

export type AvlCodec = typeof CODEC_8 | typeof CODEC_8E | typeof CODEC_16;

/**
 * One fixed-width IO value. 1/2/4-byte values are unsigned numbers; 8-byte values are always
 * bigint (even when small) so the type says the width and nothing is rounded. Whether a value is
 * signed or scaled depends on the IO id and device model, so callers interpret it.
 */
export type IoValue = { size: 1 | 2 | 4; value: number } | { size: 8; value: bigint };

/** One AVL record. Fields are in the units the device sends, except coordinates in degrees. */
export interface AvlRecord {
  /** Milliseconds since the Unix epoch, UTC. */
  timestampMs: number;
  /** 0 low, 1 high, 2 panic. */
  priority: number;
  /** Degrees, wire value ×1e-7 (signed). */
  longitude: number;
  /** Degrees, wire value ×1e-7 (signed). */
  latitude: number;
  /** Metres, signed. */
  altitude: number;
  /** Heading in degrees, 0 = north. */
  angle: number;
  /** 0 means no valid fix. */
  satellites: number;
  speedKmh: number;
  /** IO id that caused this record, 0 for periodic records. */
  eventIoId: number;
  /** Codec 16 only: 0 on exit, 1 on entrance, 2 on both, 4 hysteresis, 5 on change, 6 eventual, 7 periodical. */
  generationType?: number;
  /**
   * Fixed-width IO elements keyed by IO id. Map order is wire order (grouped by width), so a
   * decoded record re-encodes to identical bytes.
   */
  io: Map<number, IoValue>;
  /** Codec 8E variable-length IO elements keyed by IO id (e.g. 256 VIN); empty for 8 and 16. */
  ioVariable: Map<number, Buffer>;
}

export interface AvlPacket {
  codec: AvlCodec;
  records: AvlRecord[];
}

export interface Codec12Message {
  /** 'command' (type 0x05, server to device) or 'response' (type 0x06, device to server). */
  type: 'command' | 'response';
  /** Command or reply text; decoded as latin1 so any byte survives a round trip. */
  text: string;
}

export interface Codec13Message {
  /** When the device produced the message: ms since the Unix epoch (the wire holds whole seconds). */
  timestampMs: number;
  /** Message text; decoded as latin1 so any byte survives a round trip. */
  text: string;
}
