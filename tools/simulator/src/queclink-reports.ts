import type { AvlRecord, QueclinkPositionInput, QueclinkReportInput } from '@fleet/protocols';
import { IO, PANIC_DIN_IO } from './io.ts';

/** A GV300 as the simulator presents it: device type 06, firmware 01.00. */
export const SIM_QUECLINK_VERSION = '060100';
/** A GTFRI holds at most this many positions (the vendor's limit). */
const MAX_FRI_POSITIONS = 15;

/** A report without its header, count and send time: the device adds them when it sends. */
export type QueclinkDraft = QueclinkReportInput extends infer R ? R extends QueclinkReportInput ? Omit<R, 'buffered' | 'count' | 'sendTimeMs' | 'protocolVersion' | 'imei'> : never : never;

const io = (r: AvlRecord, id: number): number | undefined => {
  const v = r.io.get(id)?.value;
  return v === undefined ? undefined : Number(v);
};

/** A Teltonika-shaped record's position as a Queclink position block (HDOP from IO 182, no fix without satellites). */
export function positionOf(r: AvlRecord, cell: QueclinkPositionInput['cell']): QueclinkPositionInput {
  const hdop = Math.min(50, Math.max(1, Math.round((io(r, IO.HDOP) ?? 10) / 10)));
  const fix = r.satellites > 0;
  return {
    lat: fix ? r.latitude : null, lon: fix ? r.longitude : null, speedKmh: r.speedKmh, azimuth: r.angle, altitude: r.altitude,
    timeMs: r.timestampMs, accuracy: fix ? hdop : 0, cell,
  };
}

/** Device status: motion state (1x/2x ignition off/on, x1/x2 rest/moving), digital inputs, outputs, as 6 hex digits. */
export function deviceStatusOf(r: AvlRecord): string {
  const motion = `${io(r, IO.IGNITION) ? 2 : 1}${io(r, IO.MOVEMENT) ? 2 : 1}`;
  const inputs = [IO.DIN1, IO.DIN2, IO.DIN3, IO.DIN4].reduce((acc, id, i) => acc | ((io(r, id) ? 1 : 0) << i), 0);
  const outputs = (io(r, IO.DOUT1) ? 1 : 0) | ((io(r, IO.DOUT2) ? 1 : 0) << 1);
  return `${motion}${inputs.toString(16).toUpperCase().padStart(2, '0')}${outputs.toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * What a GV300 sends for the vehicle's records of one interval: ignition changes as GTIGN / GTIGF
 * (with how long the ignition was in its previous state), a panic press as GTSOS, and the periodic
 * positions as one GTFRI (up to 15 positions each). `lastIgnitionMs` is the device's memory of
 * its last ignition change, updated here.
 */
export function draftsFor(records: readonly AvlRecord[], cell: QueclinkPositionInput['cell'], state: { lastIgnitionMs: number }): QueclinkDraft[] {
  const out: QueclinkDraft[] = [];
  let fri: AvlRecord[] = [];
  const flush = () => {
    const last = fri.at(-1);
    if (!last) return;
    out.push({
      type: 'GTFRI', positions: fri.map((r) => positionOf(r, cell)), mileageKm: (io(last, IO.ODOMETER) ?? 0) / 1000,
      externalPowerMv: io(last, IO.EXT_VOLTAGE), batteryLevel: batteryLevel(io(last, IO.BATTERY_VOLTAGE)), deviceStatus: deviceStatusOf(last),
      hourMeterSeconds: io(last, IO.ENGINE_WORKTIME) === undefined ? undefined : (io(last, IO.ENGINE_WORKTIME) ?? 0) * 60,
    });
    fri = [];
  };
  for (const r of records) {
    if (r.eventIoId === IO.IGNITION) {
      flush();
      const on = io(r, IO.IGNITION) === 1;
      out.push({
        type: on ? 'GTIGN' : 'GTIGF', position: positionOf(r, cell), durationSeconds: Math.max(0, Math.min(999_999, Math.round((r.timestampMs - state.lastIgnitionMs) / 1000))),
        mileageKm: (io(r, IO.ODOMETER) ?? 0) / 1000,
      });
      state.lastIgnitionMs = r.timestampMs;
    } else if (r.eventIoId === PANIC_DIN_IO && io(r, PANIC_DIN_IO) === 1) {
      flush();
      out.push({ type: 'GTSOS', position: positionOf(r, cell), mileageKm: (io(r, IO.ODOMETER) ?? 0) / 1000 });
    } else if (r.eventIoId === 0) {
      fri.push(r);
      if (fri.length === MAX_FRI_POSITIONS) flush();
    }
  }
  flush();
  return out;
}

/** Backup battery percentage from its voltage (3.5 V empty, 4.2 V full). */
function batteryLevel(mv: number | undefined): number | undefined {
  if (mv === undefined) return undefined;
  return Math.max(0, Math.min(100, Math.round(((mv - 3500) / 700) * 100)));
}
