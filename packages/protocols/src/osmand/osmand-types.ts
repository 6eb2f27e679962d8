/** One position reported by the Traccar Client (OsmAnd protocol) app. */
export interface OsmandPosition {
  deviceId: string;
  timestampMs: number;
  /** Degrees, -90..90. */
  lat: number;
  /** Degrees, -180..180. */
  lon: number;
  /** km/h: query form sends knots (×1.852), JSON form sends m/s (×3.6). */
  speedKmh?: number;
  /** Degrees 0..360, 0 = north. */
  bearing?: number;
  /** Metres above sea level. */
  altitude?: number;
  /** Horizontal accuracy in metres. */
  accuracy?: number;
  hdop?: number;
  /** Battery level in percent, 0..100. */
  battery?: number;
  /** Whether the phone is charging. */
  charge?: boolean;
  driverUniqueId?: string;
  /** Everything else the app sent, by its wire name. */
  attributes: Record<string, string | number | boolean>;
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
