import { describe, expect, it } from 'vitest';
import { DEFAULT_IO_MAP, describeIo, faultCodes, interpret, ioToJson, resolveIoMap } from './io-map.ts';

describe('IO meaning', () => {
  it('reads the FMB defaults with their scales', () => {
    const m = interpret({ 239: 1, 240: 0, 21: 4, 66: 27_612, 16: 123_456_789, 2: 1, 3: 1, 4: 0, 89: 64, 83: 12_345, 102: 90, 85: 1450, 87: 5_000_000 }, DEFAULT_IO_MAP);
    expect(m).toEqual({
      ignition: true, movement: false, gsmSignal: 4, externalVoltage: 27.612, odometer: 123_456.789, panic: true, pto1: true, pto2: false,
      fuelLevel: 64, fuelUsed: 1234.5, engineHours: 1.5, rpm: 1450, totalDistance: 5000, faultCodes: [], alarm: null,
    });
  });

  it('leaves what the device did not send as unknown, and flags off', () => {
    const m = interpret({}, DEFAULT_IO_MAP);
    expect(m.ignition).toBeNull();
    expect(m.panic).toBe(false);
    expect(m.fuelLevel).toBeNull();
  });

  it('falls back to litres when the fuel percentage is missing', () => {
    expect(interpret({ 84: 1234 }, DEFAULT_IO_MAP).fuelLevel).toBe(123.4);
  });

  it("lets a unit type move the panic button and the PTOs to other inputs", () => {
    const map = resolveIoMap({ panic: 1, pto1: 179, bogus: 'x' });
    expect(map.panic).toBe(1);
    expect(map.pto1).toBe(179);
    expect(interpret({ 1: 1, 2: 0, 179: 1 }, map)).toMatchObject({ panic: true, pto1: true });
    expect(resolveIoMap({ panic: 'two' })).toEqual(DEFAULT_IO_MAP);
  });

  it('reads J1939 fault codes from a variable-length text element', () => {
    const hex = `0x${Buffer.from('SPN 100 FMI 1,SPN 190 FMI 2').toString('hex')}`;
    expect(faultCodes(hex)).toEqual(['SPN 100 FMI 1', 'SPN 190 FMI 2']);
    expect(faultCodes(undefined)).toEqual([]);
    expect(faultCodes('0x0001ff')).toEqual(['0x0001ff']);
  });

  it('stores 8-byte values beyond 2^53 as decimal strings and variable ones as hex', () => {
    const json = ioToJson({
      io: new Map([[16, { size: 4, value: 7 }], [78, { size: 8, value: 2n ** 60n }], [11, { size: 8, value: 5n }]]),
      ioVariable: new Map([[256, Buffer.from('VIN')]]),
    });
    expect(json).toEqual({ 16: 7, 78: (2n ** 60n).toString(), 11: 5, 256: '0x56494e' });
  });
});

describe('IO in words', () => {
  it("names each element by its role in the unit type's map, else by the parameter list", () => {
    const out = describeIo({ 239: 1, 66: 27_612, 16: 123_456_789, 2: 1, 102: 90, 9999: 7, 11: '8944500000000000000' }, DEFAULT_IO_MAP, 'metric');
    expect(out).toEqual([
      { id: '2', name: 'Panic button', value: 1, text: 'On' },
      { id: '11', name: 'ICCID1', value: '8944500000000000000', text: '8944500000000000000' },
      { id: '16', name: 'Total odometer', value: 123_456_789, text: '123,457 km' },
      { id: '66', name: 'External voltage', value: 27_612, text: '27.61 V' },
      { id: '102', name: 'Engine hours', value: 90, text: '1.5 h' },
      { id: '239', name: 'Ignition', value: 1, text: 'On' },
      { id: '9999', name: 'IO 9999', value: 7, text: '7' },
    ]);
  });

  it('follows an override: the panic button on DIN1, DIN2 a plain input; fault codes as text', () => {
    const map = resolveIoMap({ panic: 1 });
    const hex = `0x${Buffer.from('SPN 100 FMI 1').toString('hex')}`;
    expect(describeIo({ 1: 0, 2: 1, 281: hex }, map, 'metric')).toEqual([
      { id: '1', name: 'Panic button', value: 0, text: 'Off' },
      { id: '2', name: 'Digital input 2', value: 1, text: 'On' },
      { id: '281', name: 'Fault codes', value: hex, text: 'SPN 100 FMI 1' },
    ]);
  });
});

describe('interpret: named attributes of other protocols', () => {
  it('reads a named attribute where the IO element is absent', () => {
    const m = interpret({ ignition: 1, motion: 0, power: 12.6, odometer: 15_250, rssi: 4, alarm: 'sos' }, DEFAULT_IO_MAP);
    expect(m).toMatchObject({ ignition: true, movement: false, externalVoltage: 12.6, odometer: 15.25, gsmSignal: 4, panic: true, alarm: 'sos' });
  });
  it('prefers the unit type\'s IO element and ignores an unknown alarm word', () => {
    const m = interpret({ 239: 0, ignition: 1, alarm: 'party' }, DEFAULT_IO_MAP);
    expect(m).toMatchObject({ ignition: false, panic: false, alarm: null });
  });
  it('a non-SOS alarm is not a panic', () => {
    expect(interpret({ alarm: 'powerCut' }, DEFAULT_IO_MAP)).toMatchObject({ panic: false, alarm: 'powerCut' });
  });
});
