import { describe, expect, it } from 'vitest';
import { decodeAvlPacket } from './avl-decode.ts';
import { crc16Ibm } from './crc16.ts';
import { DEFAULT_IO_CATALOGUE, ioCatalogue, readIo, readIoElements } from './io-catalogue.ts';
import { describeIo, DEFAULT_IO_MAP, IO_NAMES, ioToJson } from './io-map.ts';
import { hexBuf } from './test-fixtures.ts';

/*
 * A Codec 8 Extended packet written out byte by byte as the vendor's "Codec" page lays it out
 * (teltonika.md): preamble, data length, codec 0x8E, record count, the record (timestamp, priority,
 * GPS element), the IO block with 2-byte ids and counts in groups of 1-, 2-, 4- and 8-byte values and
 * the variable-length group, the record count again, CRC-16/IBM over codec id .. second count.
 * Values are the ones an FMB640 on a truck's FMS gateway sends.
 */
const TS = '0000019A6D2F8C00'; // 2025-11-08T10:00:00Z
const GPS = '00' + '0000000000000000' + '0000' + '0000' + '00' + '0000'; // priority, lon, lat, alt, angle, sats, speed
const IO_1B = ['0059', '40', '006F', '2A', '0072', '37', '0052', '19', '00A0', '02']; // 89=64 %, 111=42 %, 114=55 %, 82=25 %, 160=2
const IO_2B = [
  '0073', '0339', // 115 coolant: 825 ×0.1 = 82.5 °C
  '0055', '05AA', // 85 RPM 1450
  '006E', '00FA', // 110 fuel rate: 250 ×0.1 = 25 l/h
  '0076', '1B58', // 118 axle 1: 7000 kg
  '0077', '2AF8', // 119 axle 2: 11000 kg
  '0070', '0172', // 112 AdBlue: 370 ×0.1 = 37 l
  '0054', '0C35', // 84 fuel: 3125 ×0.1 = 312.5 l
];
const IO_4B = [
  '0053', '0001E240', // 83 fuel used: 123456 ×0.1 = 12345.6 l
  '0066', '0001D4C0', // 102 engine worktime: 120000 min = 2000 h
  '0057', '0BEBC200', // 87 total mileage: 200000000 m = 200000 km
  '0190', '00003A98', // 400 distance to next service: 15000 km
];

function fmsPacket(coolantHex = '0339'): Buffer {
  const io2 = [...IO_2B];
  io2[1] = coolantHex;
  const ioBlock = '0000' // event IO id
    + (IO_1B.length / 2 + io2.length / 2 + IO_4B.length / 2).toString(16).padStart(4, '0') // total IO count
    + (IO_1B.length / 2).toString(16).padStart(4, '0') + IO_1B.join('')
    + (io2.length / 2).toString(16).padStart(4, '0') + io2.join('')
    + (IO_4B.length / 2).toString(16).padStart(4, '0') + IO_4B.join('')
    + '0000' // no 8-byte values
    + '0000'; // no variable-length values
  const data = hexBuf('8E' + '01' + TS + GPS + ioBlock + '01');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc16Ibm(data), 0);
  return Buffer.concat([head, data, crc]);
}

describe('FMS/CAN IO elements from a Codec 8E frame, read through the catalogue', () => {
  it('decodes an FMB640 frame to values with their units', () => {
    const [record] = decodeAvlPacket(fmsPacket()).records;
    if (!record) throw new Error('no record');
    const readings = readIoElements(ioToJson(record), ioCatalogue());
    const byName = Object.fromEntries(readings.map((r) => [r.name, r.text]));
    expect(byName).toEqual({
      'Accelerator pedal position': '25 %',
      'Fuel consumed (CAN)': '12,345.6 l',
      'Fuel level (CAN, litres)': '312.5 l',
      'Engine RPM (CAN)': '1,450 rpm',
      'Total mileage (CAN)': '200,000 km',
      'Fuel level (CAN, %)': '64 %',
      'Engine worktime': '2,000 h',
      'Fuel rate': '25 l/h',
      'AdBlue level (%)': '42 %',
      'AdBlue level (litres)': '37 l',
      'Engine load': '55 %',
      'Engine coolant temperature': '82.5 °C',
      'Axle 1 load': '7,000 kg',
      'Axle 2 load': '11,000 kg',
      'DTC faults (CAN)': '2',
      'Distance to next service': '15,000 km',
    });
    expect(readings.find((r) => r.id === 115)).toMatchObject({ value: 82.5, unit: '°C', group: 'engine', fms: 'coolantTemp' });
    expect(readings.find((r) => r.id === 119)).toMatchObject({ value: 11_000, unit: 'kg', group: 'axles', fms: 'axle2' });
  });

  it('reads the coolant temperature as the signed value the vendor lists (-600 … 1270)', () => {
    const [record] = decodeAvlPacket(fmsPacket('FFCE')).records; // -50 ×0.1
    if (!record) throw new Error('no record');
    const coolant = DEFAULT_IO_CATALOGUE.get(115);
    if (!coolant) throw new Error('no 115');
    expect(readIo(coolant, ioToJson(record)[115])).toBe(-5);
    expect(readIo(coolant, 1270)).toBe(127);
  });

  it('leaves out what is absent, not a number, or unknown', () => {
    const cat = ioCatalogue();
    expect(readIoElements({ 115: '0x01', 9999: 4, 85: 800, ignition: 1 }, cat)).toEqual([
      { id: 85, name: 'Engine RPM (CAN)', unit: 'rpm', group: 'engine', fms: 'rpm', value: 800, text: '800 rpm' },
    ]);
  });
});

describe("a unit type's extension of the catalogue", () => {
  it('adds and renames elements over the defaults, and moves a meaning', () => {
    const cat = ioCatalogue({
      127: { name: 'Coolant (FM63 FMS)', unit: '°C', scale: 1, decimals: 0, group: 'engine', fms: 'coolantTemp' },
      89: { name: 'Tank level', unit: '%', scale: 1, decimals: 0 },
    });
    expect(cat.get(127)).toEqual({ id: 127, name: 'Coolant (FM63 FMS)', unit: '°C', scale: 1, decimals: 0, group: 'engine', fms: 'coolantTemp' });
    expect(cat.get(115)?.fms).toBeUndefined();
    expect(cat.get(89)).toMatchObject({ name: 'Tank level', group: 'fuel', fms: 'fuelLevelPercent' });
    expect(DEFAULT_IO_CATALOGUE.get(115)?.fms).toBe('coolantTemp');
  });

  it('ignores a malformed extension as a whole', () => {
    const bad = [{ 127: { name: '', unit: '', scale: 1, decimals: 0 } }, { x: {} }, { 127: { name: 'A', unit: '', scale: 0, decimals: 0 } }, 'text', [1]];
    for (const extra of bad) expect(ioCatalogue(extra)).toEqual(ioCatalogue());
  });
});

describe('io-map on the catalogue', () => {
  it('IO_NAMES keeps the parameter list names it had', () => {
    expect(IO_NAMES).toMatchObject({ 16: 'Total odometer', 66: 'External voltage', 89: 'Fuel level (CAN, %)', 281: 'Fault codes', 240: 'Movement' });
    expect(IO_NAMES[115]).toBe('Engine coolant temperature');
  });

  it('describeIo reads catalogue elements with units, and a unit type\'s names', () => {
    expect(describeIo({ 115: 825, 118: 7000 }, DEFAULT_IO_MAP, 'metric')).toEqual([
      { id: '115', name: 'Engine coolant temperature', value: 825, text: '82.5 °C' },
      { id: '118', name: 'Axle 1 load', value: 7000, text: '7,000 kg' },
    ]);
    const cat = ioCatalogue({ 5000: { name: 'Crane load', unit: 't', scale: 0.1, decimals: 1 } });
    expect(describeIo({ 5000: 123 }, DEFAULT_IO_MAP, 'metric', cat)).toEqual([{ id: '5000', name: 'Crane load', value: 123, text: '12.3 t' }]);
  });
});
