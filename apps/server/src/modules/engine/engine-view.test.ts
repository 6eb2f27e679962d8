import { ioCatalogue } from '@fleet/protocols';
import { describe, expect, it } from 'vitest';
import type { EngineRow } from './engine.repository.ts';
import { columnsOf, fmsVehicleOf } from './engine-view.ts';

const row = (id: number, io: Record<string, number | string> | null, extra: unknown = {}): EngineRow => ({
  id, site_id: 1, registration: `REG ${id}`, type_name: 'HGV', io_catalogue: extra, status_time: io ? new Date('2026-11-24T10:00:00Z') : null,
  io, fault_codes: null, fuel_level: null, fuel_used: null, engine_hours: null, rpm: null, total_distance: null,
});

describe('the fleet engine view', () => {
  it("keeps a vehicle's engine values, not its states, and a type's own measured elements", () => {
    const extra = { 5000: { name: 'Crane load', unit: 't', scale: 0.1, decimals: 1, group: 'axles' }, 5001: { name: 'Door', unit: '', scale: 1, decimals: 0, group: 'inputs' } };
    const v = fmsVehicleOf(row(1, { 239: 1, 240: 0, 115: 800, 5000: 123, 5001: 1, 21: 4 }, extra), ioCatalogue(extra));
    expect(v.values.map((r) => [r.key, r.text])).toEqual([['coolantTemp', '80 °C'], ['io5000', '12.3 t']]);
    expect(v.updated).toBe('2026-11-24T10:00:00.000Z');
    expect(fmsVehicleOf(row(2, null), ioCatalogue())).toMatchObject({ updated: null, values: [], faultcodes: [] });
  });

  it('columns: what some vehicle reports, once, meanings in their fixed order, then by IO id', () => {
    const cat = ioCatalogue({ 5000: { name: 'Crane load', unit: 't', scale: 0.1, decimals: 1, group: 'axles' } });
    const a = fmsVehicleOf(row(1, { 118: 7000, 5000: 10 }), cat);
    const b = fmsVehicleOf(row(2, { 115: 800, 89: 50, 118: 6000 }), cat);
    expect(columnsOf([a, b]).map((c) => c.key)).toEqual(['fuelLevelPercent', 'coolantTemp', 'axle1', 'io5000']);
    expect(columnsOf([])).toEqual([]);
  });
});
