import type { AvlRecord } from '@fleet/protocols';
import { ioToJson } from './io-map.ts';
import type { PositionRow } from './position-writer.ts';

/** A decoded Teltonika record as a row of the positions log. */
export function avlRecordToRow(unitId: number, r: AvlRecord, protocol: string): PositionRow {
  return {
    unitId, deviceTimeMs: r.timestampMs, lat: r.latitude, lon: r.longitude, altitude: r.altitude, angle: r.angle,
    satellites: r.satellites, speed: r.speedKmh, priority: r.priority, eventIo: r.eventIoId, io: ioToJson(r), protocol,
  };
}

/** The debugger's short form of a record. */
export function describeRecord(r: AvlRecord) {
  return {
    time: isoTime(r.timestampMs), lat: r.latitude, lon: r.longitude, speed: r.speedKmh, angle: r.angle,
    satellites: r.satellites, priority: r.priority, event: r.eventIoId, io: ioToJson(r),
  };
}

/** ISO 8601 when JavaScript can write the time as a date (up to year 275760), else the milliseconds. */
export function isoTime(ms: number): string {
  return Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : `${ms} ms`;
}
