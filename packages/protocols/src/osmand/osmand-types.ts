/**
 * One report of the Traccar Client app (OsmAnd protocol). Everything it says beyond the position's
 * own columns is in `io`, under the named attributes of attributes.ts where one fits (batteryLevel,
 * charge, motion, odometer, alarm, mock, accuracy, hdop, ...) and camelCase word keys otherwise.
 */
export interface OsmandPosition {
  deviceId: string;
  timestampMs: number;
  /** Degrees, -90..90; 0 when the report has no fix. */
  lat: number;
  /** Degrees, -180..180; 0 when the report has no fix. */
  lon: number;
  /** False for a report without coordinates (cell towers / wifi only): stored at 0,0 with io.fix = 0. */
  fix: boolean;
  /** km/h: query form sends knots (×1.852), JSON form sends m/s (×3.6). */
  speedKmh?: number;
  /** Degrees 0..360, 0 = north. */
  bearing?: number;
  /** Metres above sea level. */
  altitude?: number;
  /** Every other field, flat: named attributes and camelCase keys, numbers (flags 0/1) or short text. */
  io: Record<string, number | string>;
}

export interface OsmandRequest {
  query: Record<string, string | string[] | undefined>;
  body?: unknown;
  contentType?: string;
  /**
   * The server's receive time, used only when the request has no timestamp; passed in so the
   * parser stays pure. Without it a missing timestamp is an error.
   */
  receivedAtMs?: number;
}
