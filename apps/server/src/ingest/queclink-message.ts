import {
  decodeQueclink, encodeQueclinkHeartbeatSack, encodeQueclinkSack, type QueclinkMessage, type QueclinkRecord,
  queclinkHeartbeatRecord, queclinkRecords,
} from '@fleet/protocols';
import type { IngestDeps } from './ingest-deps.ts';
import type { PositionRow } from './position-writer.ts';
import { isoTime } from './records.ts';
import { sourceAllowed } from './source-allow.ts';
import type { KnownUnit } from './unit-directory.ts';

/** What became of one @Track message; the TCP connection decides from it whether to go on. */
export type QueclinkOutcome =
  | { kind: 'stored'; unit: KnownUnit; message: QueclinkMessage }
  | { kind: 'ack'; unit: KnownUnit; message: QueclinkMessage & { kind: 'ack' }; text: string }
  | { kind: 'source-not-allowed' }
  | { kind: 'unknown-device'; imei: string };

/**
 * One @Track message from either transport: decoded (a ProtocolError is the caller's to count),
 * the source and IMEI checked, its positions committed, and only then the SACK (`+SACK:<count>$`
 * for a report, `+SACK:GTHBD,<version>,<count>$` for a heartbeat) sent through `reply`. A re-sent
 * report has the same device times, so the log keeps it once and the device hears its SACK again.
 */
export async function handleQueclinkMessage(
  deps: IngestDeps, bytes: Buffer, source: { address: string; transport: 'tcp' | 'udp' }, reply: (text: string) => void,
): Promise<QueclinkOutcome> {
  const message = decodeQueclink(bytes.toString('latin1'));
  if (!sourceAllowed(deps.allow.queclink, source.address)) return { kind: 'source-not-allowed' };
  const unit = await deps.directory.lookup(message.imei);
  if (!unit) {
    await deps.directory.recordUnknown(message.imei, source.transport === 'tcp' ? 'queclink' : 'queclink-udp', source.address);
    return { kind: 'unknown-device', imei: message.imei };
  }
  const label = `${source.transport === 'udp' ? 'udp ' : ''}${message.kind === 'report' ? `${message.buffered ? '+BUFF' : '+RESP'}:${message.type}` : `+ACK:${message.kind === 'heartbeat' ? 'GTHBD' : message.command}`}`;
  deps.frames.add(unit.unitId, 'in', label, bytes, () => describe(message));
  if (message.kind === 'ack') return { kind: 'ack', unit, message, text: bytes.toString('latin1') };

  const records = message.kind === 'report' ? queclinkRecords(message) : [queclinkHeartbeatRecord(message)].filter((r) => r !== null);
  // A report without positions (GTPDP) stores nothing and is still acknowledged.
  const written = records.length ? await deps.writer.write(records.map((r) => toRow(unit.unitId, r))) : [];
  // Only now, with the rows committed, does the device hear that the message arrived.
  const sack = message.kind === 'report' ? encodeQueclinkSack(message.countNumber) : encodeQueclinkHeartbeatSack(message.protocolVersion, message.countNumber);
  reply(sack);
  deps.frames.add(unit.unitId, 'out', 'sack', Buffer.from(sack, 'latin1'), () => ({ count: message.countNumber, stored: records.length }));
  deps.stats.accepted(written);
  deps.onStored();
  return { kind: 'stored', unit, message };
}

function toRow(unitId: number, r: QueclinkRecord): PositionRow {
  return {
    unitId, deviceTimeMs: r.deviceTimeMs, lat: r.lat, lon: r.lon, altitude: r.altitude, angle: r.angle, satellites: 0,
    speed: r.speedKmh, priority: 0, eventIo: r.eventIo, io: r.io, protocol: 'queclink',
  };
}

/** The debugger's words for a message. */
function describe(m: QueclinkMessage) {
  const base = { imei: m.imei, protocolVersion: m.protocolVersion, family: m.family, count: m.countNumber, sendTime: m.sendTimeMs === null ? null : isoTime(m.sendTimeMs) };
  if (m.kind === 'heartbeat') return { ...base, heartbeat: true };
  if (m.kind === 'ack') return { ...base, command: m.command, serial: m.serialNumber };
  return {
    ...base, report: m.type, buffered: m.buffered, attributes: m.attributes,
    positions: m.positions.map((p) => ({ ...p, gpsTime: p.gpsTimeMs === null ? null : isoTime(p.gpsTimeMs) })),
  };
}
