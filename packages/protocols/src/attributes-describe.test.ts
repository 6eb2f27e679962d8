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
    ['odometer', 12345, 'Total odometer', '12.3 km'],
    ['power', 12.456, 'External voltage', '12.46 V'],
    ['rssi', 3, 'GSM signal', '3 of 5'],
    ['accuracy', 4.5, 'Accuracy', '4.5 m'],
    ['activity', 'in_vehicle', 'Activity', 'in vehicle'],
    ['deviceStringTest', 'x', 'Device string test', 'x'],
    ['param239', 1, 'Parameter 239', '1'],
  ])('%s = %j → %s: %s', (key, value, name, text) => {
    expect(describeNamed(key, value)).toEqual({ name, text });
  });

  it('lists Teltonika ids first by number, then named attributes in a fixed order', () => {
    const out = describeIo({ zeta: 'z', batteryLevel: 50, 239: 1, mock: 1, 16: 1000, alarm: 'sos' }, DEFAULT_IO_MAP);
    expect(out.map((x) => x.id)).toEqual(['16', '239', 'alarm', 'mock', 'batteryLevel', 'zeta']);
    expect(out[2]).toEqual({ id: 'alarm', name: 'Alarm', value: 'sos', text: 'SOS' });
  });
});
