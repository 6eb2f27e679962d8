import { UNIT_TYPE } from './fleet.ts';

/**
 * Vehicle check list templates for every demo site (issue 11): daily walk-round checks in the
 * style of the DVSA's guidance for vans, HGVs, cars and trailers.
 */
export const DEMO_VCL_TEMPLATES: ReadonlyArray<{ name: string; unitType: number; items: readonly string[] }> = [
  {
    name: 'Van daily walk-round', unitType: UNIT_TYPE.van, items: [
      'Tyres and wheel fixings', 'Tyre pressures and tread depth', 'Brakes (including parking brake)', 'Steering',
      'Lights and indicators', 'Reflectors and markers', 'Mirrors', 'Windscreen, wipers and washers', 'Horn', 'Seat belts',
      'Doors and locks', 'Bodywork and load security', 'Fuel, oil and fluid leaks', 'Engine oil and coolant levels', 'AdBlue level',
      'Dashboard warning lights', 'Exhaust (excess smoke)', 'Number plates', 'Spare wheel and jack', 'First aid kit and fire extinguisher',
    ],
  },
  {
    name: 'HGV daily walk-round', unitType: UNIT_TYPE.hgv, items: [
      'Tyres and wheel fixings', 'Tyre tread depth and condition', 'Wheel nut indicators', 'Brake lines and couplings',
      'Air build-up and leaks', 'Parking brake', 'Steering', 'Lights and indicators', 'Markers and reflectors', 'Mirrors and cameras',
      'Windscreen and windows', 'Wipers and washers', 'Horn', 'Seat belts', 'Cab security and steps', 'Body and load security',
      'Fuel and oil leaks', 'Engine oil and coolant levels', 'AdBlue level', 'Exhaust (excess smoke)', 'Battery security',
      'Spray suppression (mud flaps)', 'Side guards and rear under-run', 'Fifth wheel and coupling', 'Electrical connections',
      'Number plates', 'Tachograph and driver card', 'Dashboard warning lights',
    ],
  },
  {
    name: 'Car daily check', unitType: UNIT_TYPE.car, items: [
      'Tyres and wheel fixings', 'Tyre tread depth', 'Brakes', 'Lights and indicators', 'Mirrors', 'Windscreen, wipers and washers',
      'Horn', 'Seat belts', 'Fluid levels (oil, coolant, screenwash)', 'Dashboard warning lights', 'Bodywork damage', 'Number plates',
    ],
  },
  {
    name: 'Trailer coupling check', unitType: UNIT_TYPE.trailer, items: [
      'Coupling and locking device', 'Breakaway cable or secondary coupling', 'Brake lines and couplings', 'Electrical connections',
      'Tyres and wheel fixings', 'Tyre tread depth', 'Lights and indicators', 'Markers and reflectors', 'Number plate',
      'Body and load security', 'Doors, curtains and straps', 'Landing legs', 'Spray suppression (mud flaps)',
      'Side guards and rear under-run', 'Air leaks', 'Parking brake',
    ],
  },
];

/** A past check list of the demo: which vehicle (the n-th of a type at the site), when, and its faults. */
export interface DemoChecklist {
  unitType: number;
  nth: number;
  daysAgo: number;
  mileage: number;
  faults: ReadonlyArray<{ item: string; note: string; photo: 'tyre' | 'lamp' | 'windscreen' | 'mirror' | null }>;
}

/** A few past check lists per site: faults with photos still open (the dashboard's tile), and clean ones. */
export const DEMO_CHECKLISTS: readonly DemoChecklist[] = [
  {
    unitType: UNIT_TYPE.van, nth: 0, daysAgo: 0, mileage: 48213, faults: [
      { item: 'Tyres and wheel fixings', note: 'Nearside front tyre has a cut in the sidewall.', photo: 'tyre' },
      { item: 'Lights and indicators', note: 'Offside rear lamp lens cracked, lets water in.', photo: 'lamp' },
    ],
  },
  {
    unitType: UNIT_TYPE.hgv, nth: 0, daysAgo: 1, mileage: 312904, faults: [
      { item: 'Windscreen and windows', note: 'Stone chip in the driver\'s line of sight, about 8 mm.', photo: 'windscreen' },
    ],
  },
  {
    unitType: UNIT_TYPE.car, nth: 0, daysAgo: 2, mileage: 22870, faults: [
      { item: 'Mirrors', note: 'Nearside mirror glass loose after a clip.', photo: 'mirror' },
      { item: 'Fluid levels (oil, coolant, screenwash)', note: 'Screenwash empty, topped up at the depot.', photo: null },
    ],
  },
  { unitType: UNIT_TYPE.van, nth: 1, daysAgo: 1, mileage: 61502, faults: [] },
  { unitType: UNIT_TYPE.hgv, nth: 1, daysAgo: 3, mileage: 198455, faults: [] },
];
