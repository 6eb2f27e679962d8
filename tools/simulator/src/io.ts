import type { AvlRecord, IoValue } from '@fleet/protocols';

/**
 * IO elements the simulator sends (Codec 8E, 2-byte ids), following the FMB parameter list in
 * shared/reference/teltonika.md:
 *
 * | id  | size | meaning                                                   |
 * |-----|------|-----------------------------------------------------------|
 * | 239 | 1    | ignition 0/1 (always 0 on asset trackers: no ignition wire) |
 * | 240 | 1    | movement 0/1                                              |
 * | 21  | 1    | GSM signal 0-5                                            |
 * | 69  | 1    | GNSS status (1 = on with fix)                             |
 * | 1   | 1    | DIN1: ignition sense (mirrors 239 on vehicles)            |
 * | 2   | 1    | DIN2: PANIC button (PANIC_DIN_IO), pressed = 1            |
 * | 3   | 1    | DIN3: PTO 1 (PTO_DIN_IOS[0]), unit type 16 only           |
 * | 4   | 1    | DIN4: PTO 2 (PTO_DIN_IOS[1]), unit type 16 only           |
 * | 179 | 1    | DOUT1 (immobiliser relay; set with 'setdigout 1')         |
 * | 180 | 1    | DOUT2                                                     |
 * | 81  | 1    | CAN vehicle speed, km/h                                   |
 * | 89  | 1    | CAN fuel level, %                                         |
 * | 24  | 2    | GNSS speed, km/h                                          |
 * | 66  | 2    | external voltage, mV (24 V trucks: 27-28 V running, 24-25 V off; 12 V vans and cars: 13.8-14.4 / 12.2-12.7) |
 * | 67  | 2    | internal battery voltage, mV                              |
 * | 182 | 2    | HDOP ×0.1                                                 |
 * | 84  | 2    | CAN fuel level, ×0.1 l                                    |
 * | 85  | 2    | CAN engine RPM                                            |
 * | 16  | 4    | total odometer, m                                         |
 * | 83  | 4    | CAN fuel consumed (total), ×0.1 l                         |
 * | 87  | 4    | CAN total mileage, m                                      |
 * | 102 | 4    | engine worktime, minutes                                  |
 * | 281 | var  | active fault codes (DTC), ASCII, comma-separated J1939 'SPN n FMI m' (e.g. 'SPN 110 FMI 0', the server's io-map format); only while a fault is active |
 *
 * CAN ids (81, 83-89, 102) are sent only by units with an engine. Event records name the IO that
 * caused them in eventIoId: 239 ignition change, 2 panic (priority 2 when pressed), 3/4 PTO
 * change, 281 fault raised, 84 refuel at the depot; periodic records use 0.
 */
export const IO = {
  DIN1: 1,
  DIN2: 2,
  DIN3: 3,
  DIN4: 4,
  ODOMETER: 16,
  GSM: 21,
  SPEED: 24,
  EXT_VOLTAGE: 66,
  BATTERY_VOLTAGE: 67,
  GNSS_STATUS: 69,
  CAN_SPEED: 81,
  CAN_FUEL_USED: 83,
  CAN_FUEL_LEVEL_L: 84,
  CAN_RPM: 85,
  CAN_MILEAGE: 87,
  CAN_FUEL_LEVEL_PCT: 89,
  ENGINE_WORKTIME: 102,
  DOUT1: 179,
  DOUT2: 180,
  HDOP: 182,
  IGNITION: 239,
  MOVEMENT: 240,
  FAULT_CODES: 281,
} as const;

/** The panic button is wired to DIN2. */
export const PANIC_DIN_IO = IO.DIN2;
/** PTO 1 and PTO 2 are wired to DIN3 and DIN4 (PTO vehicles, unit type 16). */
export const PTO_DIN_IOS = [IO.DIN3, IO.DIN4] as const;
export const PRIORITY = { low: 0, high: 1, panic: 2 } as const;

/** J1939 faults the simulator raises now and then (SPN, FMI). */
export const J1939_FAULTS: ReadonlyArray<{ spn: number; fmi: number; text: string }> = [
  { spn: 110, fmi: 0, text: 'Engine coolant temperature high' },
  { spn: 100, fmi: 1, text: 'Engine oil pressure low' },
  { spn: 97, fmi: 0, text: 'Water in fuel' },
  { spn: 168, fmi: 1, text: 'Battery potential low' },
  { spn: 1761, fmi: 1, text: 'DEF tank level low' },
  { spn: 3226, fmi: 2, text: 'Aftertreatment NOx sensor erratic' },
];

/** The IO 281 value for a list of active J1939 faults. */
export function formatFaultCodes(faults: ReadonlyArray<{ spn: number; fmi: number }>): Buffer {
  return Buffer.from(faults.map((f) => `SPN ${f.spn} FMI ${f.fmi}`).join(','), 'latin1');
}

/** Builder for the fixed-width IO map of one record. */
export class IoBuilder {
  readonly io = new Map<number, IoValue>();
  u8(id: number, value: number): this {
    this.io.set(id, { size: 1, value: clampInt(value, 0xff) });
    return this;
  }
  u16(id: number, value: number): this {
    this.io.set(id, { size: 2, value: clampInt(value, 0xffff) });
    return this;
  }
  u32(id: number, value: number): this {
    this.io.set(id, { size: 4, value: clampInt(value, 0xffffffff) });
    return this;
  }
}

function clampInt(value: number, max: number): number {
  return Math.max(0, Math.min(max, Math.round(value)));
}

/** A shallow copy of a record (maps copied), so a buffered record cannot be changed later. */
export function cloneRecord(r: AvlRecord): AvlRecord {
  return { ...r, io: new Map(r.io), ioVariable: new Map(r.ioVariable) };
}
