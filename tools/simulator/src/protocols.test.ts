import { describe, expect, it } from 'vitest';
import { TeltonikaDevice } from './device.ts';
import { DEVICE_FACTORIES, deviceFactory } from './protocols.ts';
import { Vehicle } from './vehicle.ts';
import { routeById } from './routes/index.ts';
import { profileForUnitType } from './profiles.ts';

describe('simulator protocol plug point', () => {
  it('builds a Teltonika device for teltonika', () => {
    const source = new Vehicle({ route: routeById('leeds-airport'), profile: profileForUnitType(1), seed: 1, startMs: 0 });
    const device = deviceFactory('teltonika')({ imei: '356209089000001', host: '127.0.0.1', port: 1, intervalMs: 1000, source });
    expect(device).toBeInstanceOf(TeltonikaDevice);
    expect(device.imei).toBe('356209089000001');
  });

  it('refuses a protocol without a device by name instead of falling back to Teltonika', () => {
    const saved = DEVICE_FACTORIES.queclink;
    delete DEVICE_FACTORIES.queclink;
    try {
      expect(() => deviceFactory('queclink')).toThrow(
        'the simulator has no Queclink @Track device yet (--protocol queclink)',
      );
    } finally {
      if (saved) DEVICE_FACTORIES.queclink = saved;
    }
  });
});
