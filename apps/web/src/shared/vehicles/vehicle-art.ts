import type { PtoIconName, VehicleIconName } from '@fleet/shared/rules/vehicle-icon';
import type { DrawOp } from './drawing.ts';

/** Our own side-view silhouettes, facing right, in a 24-unit square. */
type Part = 'body' | 'trim' | 'dark' | 'glass';
interface Shape {
  part: Part;
  d: string;
}

const INK = '#1f2933';
const GLASS = '#a5d8ff';

const wheel = (cx: number, cy: number, r = 2.2) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

const VAN: Shape[] = [
  { part: 'body', d: 'M1.5 7.5Q1.5 6 3 6H15L19.5 9.5L22 11Q22.5 11.4 22.5 12V16Q22.5 17 21.5 17H2.5Q1.5 17 1.5 16Z' },
  { part: 'glass', d: 'M15.4 7.6L18.7 10.1H15.4Z' },
  { part: 'trim', d: 'M1.5 13H22.5V14H1.5Z' },
  { part: 'dark', d: `${wheel(6, 17.3)}${wheel(18, 17.3)}` },
];

const HGV: Shape[] = [
  { part: 'trim', d: 'M1 3.5H14.3V16H1Z' },
  { part: 'body', d: 'M15 5H20Q21 5 21.4 5.9L22.8 10V16Q22.8 17 21.8 17H15Z' },
  { part: 'glass', d: 'M16.4 6.5H20.1L21.3 10H16.4Z' },
  { part: 'dark', d: `${wheel(4.2, 17.4, 2)}${wheel(8.8, 17.4, 2)}${wheel(19, 17.4, 2)}M1 15.6H22.8V16.4H1Z` },
];

const CAR: Shape[] = [
  {
    part: 'body',
    d: 'M1.5 14Q1.5 11.2 4 10.7L7.6 10L10.5 7.1Q11.2 6.5 12.1 6.5H16Q17 6.5 17.7 7.2L20.6 10.2Q22.5 10.6 22.5 12.6V15Q22.5 16 21.5 16H2.5Q1.5 16 1.5 15Z',
  },
  { part: 'glass', d: 'M9.1 10L11.4 7.8H13.6V10ZM14.6 10V7.8H16.3L18.4 10Z' },
  { part: 'dark', d: `${wheel(6.2, 16.2, 2.1)}${wheel(17.8, 16.2, 2.1)}` },
];

const GRITTER: Shape[] = [
  { part: 'body', d: 'M1.6 4.5H14.6L13 11.8H3.2Z' },
  { part: 'trim', d: 'M1.2 12.4H15.4V15.8H1.2Z' },
  { part: 'body', d: 'M16 6H20.4Q21.2 6 21.6 6.8L22.8 10V16Q22.8 17 21.8 17H16Z' },
  { part: 'glass', d: 'M17.2 7.4H20.2L21.1 10H17.2Z' },
  { part: 'dark', d: `${wheel(5, 17.4)}${wheel(18.6, 17.4)}M0.6 16.6H3.4V17.6H0.6Z` },
];

const TIPPER: Shape[] = [
  { part: 'body', d: 'M1.2 5.2H14.8V14.2H3.2Z' },
  { part: 'trim', d: 'M1.2 14.6H15.4V16H1.2Z' },
  { part: 'body', d: 'M16 6H20.4Q21.2 6 21.6 6.8L22.8 10V16Q22.8 17 21.8 17H16Z' },
  { part: 'glass', d: 'M17.2 7.4H20.2L21.1 10H17.2Z' },
  { part: 'dark', d: `${wheel(4.6, 17.4)}${wheel(9.2, 17.4)}${wheel(18.6, 17.4)}` },
];

const ASSET: Shape[] = [
  { part: 'body', d: 'M4 5H20Q21 5 21 6V18Q21 19 20 19H4Q3 19 3 18V6Q3 5 4 5Z' },
  { part: 'dark', d: 'M3 10.2H21V11.8H3ZM10 5H14V9H10Z' },
];

const SHIELD: Shape[] = [
  { part: 'body', d: 'M12 2.5L20.5 5.8V11.5Q20.5 17.5 12 21.5Q3.5 17.5 3.5 11.5V5.8Z' },
  { part: 'trim', d: 'M12 5L18.2 7.4V11.5Q18.2 16 12 19Z' },
];

const PHONE: Shape[] = [
  { part: 'body', d: 'M8.2 2.5H15.8Q17.5 2.5 17.5 4.2V19.8Q17.5 21.5 15.8 21.5H8.2Q6.5 21.5 6.5 19.8V4.2Q6.5 2.5 8.2 2.5Z' },
  { part: 'glass', d: 'M8.2 5H15.8V17.8H8.2Z' },
  { part: 'trim', d: 'M11 19H13V20.2H11Z' },
];

interface Look {
  shapes: Shape[];
  body: string;
  trim: string;
}

/** Each catalogue icon: its silhouette and the colour its name promises. */
export const VEHICLE_ART: Readonly<Record<VehicleIconName, Look>> = {
  'service-van-blue': { shapes: VAN, body: '#1c7ed6', trim: '#1864ab' },
  'service-van-white': { shapes: VAN, body: '#f8f9fa', trim: '#adb5bd' },
  'service-van-red': { shapes: VAN, body: '#e03131', trim: '#a61e1e' },
  'hgv-white': { shapes: HGV, body: '#f8f9fa', trim: '#dee2e6' },
  'hgv-blue': { shapes: HGV, body: '#1971c2', trim: '#74c0fc' },
  'car-silver': { shapes: CAR, body: '#ced4da', trim: '#868e96' },
  'car-black': { shapes: CAR, body: '#343a40', trim: '#212529' },
  'car-red': { shapes: CAR, body: '#e03131', trim: '#a61e1e' },
  'gritter-orange': { shapes: GRITTER, body: '#f76707', trim: '#495057' },
  'tipper-yellow': { shapes: TIPPER, body: '#fcc419', trim: '#495057' },
  asset: { shapes: ASSET, body: '#c08a52', trim: '#8a5a2b' },
  shield: { shapes: SHIELD, body: '#364fc7', trim: '#748ffc' },
  phone: { shapes: PHONE, body: '#343a40', trim: '#868e96' },
};

/** The icon's paths in its 24-unit square, each outlined in ink so white and silver read on white. */
export function vehicleArt(icon: VehicleIconName): DrawOp[] {
  const look = VEHICLE_ART[icon];
  return look.shapes.map(({ part, d }): DrawOp => {
    switch (part) {
      case 'body':
        return { type: 'path', d, fill: look.body, stroke: INK, width: 0.9 };
      case 'trim':
        return { type: 'path', d, fill: look.trim, stroke: INK, width: 0.6 };
      case 'glass':
        return { type: 'path', d, fill: GLASS, stroke: INK, width: 0.5 };
      case 'dark':
        return { type: 'path', d, fill: INK };
    }
  });
}

const PTO_ON = '#f59f00';
const PTO_OFF = '#e9ecef';

/** A two-cell PTO lamp in a 12x7 box: the first cell lit for trigger 1, the second for trigger 2. */
export function ptoLamp(pto: PtoIconName): DrawOp[] {
  const first = pto === 'pto-1' || pto === 'pto-both';
  const second = pto === 'pto-2' || pto === 'pto-both';
  return [
    { type: 'path', d: 'M1 0H11Q12 0 12 1V6Q12 7 11 7H1Q0 7 0 6V1Q0 0 1 0Z', fill: '#ffffff', stroke: INK, width: 0.8 },
    { type: 'path', d: 'M1.5 1.5H5.6V5.5H1.5Z', fill: first ? PTO_ON : PTO_OFF, stroke: INK, width: 0.5 },
    { type: 'path', d: 'M6.4 1.5H10.5V5.5H6.4Z', fill: second ? PTO_ON : PTO_OFF, stroke: INK, width: 0.5 },
  ];
}
