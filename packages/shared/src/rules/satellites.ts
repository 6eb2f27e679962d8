/**
 * Protocols whose positions carry no satellite count: a Queclink @Track report gives an accuracy
 * (HDOP) but no count, and a phone (OsmAnd / Traccar Client) none at all. Their positions are
 * stored with 0 satellites, which must not read as "no satellites seen". Teltonika and GT06 report
 * the count. Positions store the protocol they came in by ('teltonika', 'teltonika-udp', 'gt06',
 * 'queclink', 'osmand').
 */
const WITHOUT_SATELLITE_COUNT: ReadonlySet<string> = new Set(['queclink', 'osmand']);

/** Whether a position of this protocol reports its satellite count; an unknown protocol (null) is assumed to. */
export function reportsSatellites(protocol: string | null | undefined): boolean {
  return protocol == null || !WITHOUT_SATELLITE_COUNT.has(protocol);
}
