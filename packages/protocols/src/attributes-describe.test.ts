import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeNamed } from './attributes-describe.ts';
import { DEFAULT_IO_MAP, describeIo } from './teltonika/io-map.ts';

describe('named attributes in words', () => {
  it.each([
    ['batteryLevel', 87, 'Battery', '87 %'],
    ['charge', 1, 'Charging', 'Yes'],
    ['charge', 0, 'Charging', 'No'],
    ['mock', 1, 'Faked location', 'Yes'],
    ['alarm', 'sos', 'Alarm', 'SOS'],
    ['alarm', 'lowBattery', 'Alarm', 'Low battery'],
    ['alarmText', 'fallDown', 'Alarm (device word)', 'fallDown'],
    ['fix', 0, 'Satellite fix', 'No (cell towers or wifi only)'],
    ['motion', 1, 'Movement', 'Moving'],
    ['ignition', 0, 'Ignition', 'Off'],
    ['odometer', 12345, 'Total odometer', '12 km'],
    ['power', 12.456, 'External voltage', '12.46 V'],
    ['rssi', 3, 'GSM signal', '3 of 5'],
    ['accuracy', 4.5, 'Accuracy', '4.5 m'],
    ['activity', 'in_vehicle', 'Activity', 'in vehicle'],
    ['deviceStringTest', 'x', 'Device string test', 'x'],
    ['param239', 1, 'Parameter 239', '1'],
    ['input1', 1, 'Input 1', '1'],
    // A word key nobody named still reads as words, a digit before a capital included.
    ['gt06NewThing', 2, 'Gt 06 new thing', '2'],
  ])('%s = %j → %s: %s', (key, value, name, text) => {
    expect(describeNamed(key, value, 'metric')).toEqual({ name, text });
  });

  it.each([
    // GT06 / Concox (what packages/protocols/src/gt06/report.ts writes)
    ['gt06UploadMode', 0, 'Sent because', 'Time interval'],
    ['gt06UploadMode', 3, 'Sent because', 'Ignition (ACC) change'],
    ['gt06UploadMode', 0x42, 'Sent because', 'Mode 66'],
    ['gt06Reupload', 1, 'Sent from memory', 'Yes'],
    ['gt06Alert', 1, 'Alert code', '0x01'],
    ['gt06Alert', 0x2c, 'Alert code', '0x2C'],
    ['gt06Fence', 3, 'Geofence number', '3'],
    ['gt06Voltage', 4, 'Battery level (device scale)', '4 of 6'],
    ['gt06Gsm', 4, 'GSM level (device scale)', '4 of 4'],
    ['gt06GpsFixed', 1, 'GPS positioned', 'Yes'],
    ['gt06Defence', 0, 'Armed (defence)', 'No'],
    ['gt06CutOff', 1, 'Fuel/power cut off', 'Yes'],
    ['gt06Mileage', 123456, 'Device mileage counter', '123456'],
    ['event', 'powerCut', 'Event', 'Power cut'],
    ['event', 'gpsBlindSpotIn', 'Event', 'Gps blind spot in'],
    // Queclink @Track (packages/protocols/src/queclink/report-attributes.ts, records.ts)
    ['event', 'GTFRI', 'Event', 'Fixed report (GTFRI)'],
    ['event', 'GTSOS', 'Event', 'SOS (GTSOS)'],
    ['event', 'GTXYZ', 'Event', 'GTXYZ'],
    ['event', 'motionchange', 'Event', 'motionchange'],
    ['buffered', 1, 'Sent from memory', 'Yes'],
    ['hourMeter', 18529200, 'Engine hours', '5,147 h 00 min'],
    ['hourMeter', 3725, 'Engine hours', '1 h 02 min'],
    ['ignitionOnSeconds', 1500, 'Ignition was on for', '0 h 25 min'],
    ['ignitionOffSeconds', 7260, 'Ignition was off for', '2 h 01 min'],
    ['adc1', 12345, 'Analog input 1', '12.35 V'],
    ['adc2', 0, 'Analog input 2', '0 V'],
    ['fuelConsumption', 8.5, 'Fuel consumption', '8.5 l/100 km'],
    ['inputs', 0, 'Digital inputs', 'All off'],
    ['inputs', 5, 'Digital inputs', '1, 3 on'],
    ['outputs', 1, 'Digital outputs', '1 on'],
    ['deviceStatus', '220100', 'Device status (hex)', '220100'],
    ['vin', '1G1JC5444R7252367', 'VIN', '1G1JC5444R7252367'],
    ['countNumber', '007E', 'Message count', '007E'],
    ['reportId', 1, 'Report id', '1'],
    // Traccar Client
    ['isMoving', 1, 'Moving (phone)', 'Yes'],
  ])('device key %s = %j → %s: %s', (key, value, name, text) => {
    expect(describeNamed(key, value, 'metric')).toEqual({ name, text });
  });

  it('lists GT06 and Queclink keys after the common ones, in the table order', () => {
    const out = describeIo({ gt06UploadMode: 0, zeta: 1, ignition: 1, hourMeter: 60, event: 'GTFRI' }, DEFAULT_IO_MAP, 'metric');
    expect(out.map((x) => x.id)).toEqual(['ignition', 'event', 'gt06UploadMode', 'hourMeter', 'zeta']);
  });

  it('lists Teltonika ids first by number, then named attributes in a fixed order', () => {
    const out = describeIo({ zeta: 'z', batteryLevel: 50, 239: 1, mock: 1, 16: 1000, alarm: 'sos' }, DEFAULT_IO_MAP, 'metric');
    expect(out.map((x) => x.id)).toEqual(['16', '239', 'alarm', 'mock', 'batteryLevel', 'zeta']);
    expect(out[2]).toEqual({ id: 'alarm', name: 'Alarm', value: 'sos', text: 'SOS' });
  });
});

describe("distances and speeds in the site's units", () => {
  it.each([
    // The look helper's report: an odometer of 179,577.8 km on an imperial site reads 111,584 mi (whole, as the site's odometers).
    ['odometer', 179_577_800, 'imperial', 'Total odometer', '111,584 mi'],
    ['odometer', 179_577_800, 'metric', 'Total odometer', '179,578 km'],
    ['odometer', '1609344', 'imperial', 'Total odometer', '1,000 mi'],
    ['odometer', 'n/a', 'imperial', 'Total odometer', 'n/a'],
    // A phone's speed accuracy, m/s: 10 m/s = 36 km/h = 22.4 mph.
    ['speedAccuracy', 10, 'imperial', 'Speed accuracy', '22.4 mph'],
    ['speedAccuracy', 10, 'metric', 'Speed accuracy', '36 km/h'],
    // Queclink fuel consumption, l/100 km: UK mpg on an imperial site.
    ['fuelConsumption', 8.5, 'imperial', 'Fuel consumption', '33.2 mpg'],
    ['fuelConsumption', 0, 'imperial', 'Fuel consumption', '0 l/100 km'],
  ] as const)('%s = %j (%s) → %s: %s', (key, value, units, name, text) => {
    expect(describeNamed(key, value, units)).toEqual({ name, text });
  });

  it('reads Teltonika odometers and speeds in miles and mph on an imperial site', () => {
    // 16: total odometer (m), 87: CAN total mileage (m), 199: trip odometer (m), 24: speed (km/h), 81: CAN speed (km/h).
    const io = { 16: 179_577_800, 87: 16_093, 199: 1609, 24: 100, 81: 0 };
    const text = (units: 'imperial' | 'metric') => Object.fromEntries(describeIo(io, DEFAULT_IO_MAP, units).map((x) => [x.id, x.text]));
    expect(text('imperial')).toEqual({ 16: '111,584 mi', 24: '62 mph', 81: '0 mph', 87: '10 mi', 199: '1 mi' });
    expect(text('metric')).toEqual({ 16: '179,578 km', 24: '100 km/h', 81: '0 km/h', 87: '16 km', 199: '1.6 km' });
  });

  it('writes every distance with the unit of its system, never km on an imperial site', () => {
    fc.assert(fc.property(fc.nat({ max: 2 ** 40 }), (metres) => {
      const imperial = describeIo({ 16: metres, odometer: metres }, DEFAULT_IO_MAP, 'imperial');
      const metric = describeIo({ 16: metres, odometer: metres }, DEFAULT_IO_MAP, 'metric');
      expect(imperial.every((x) => x.text.endsWith(' mi'))).toBe(true);
      expect(metric.every((x) => x.text.endsWith(' km'))).toBe(true);
      // Miles are km / 1.609344, to the whole mile shown.
      const miles = Number(imperial[0]!.text.replace(/[ ,mi]/g, ''));
      expect(Math.abs(miles - metres / 1000 / 1.609344)).toBeLessThanOrEqual(0.5 + 1e-9);
    }));
  });
});
