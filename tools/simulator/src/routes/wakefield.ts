import type { RouteDef } from './route.ts';

/**
 * Wakefield Works routes (the works are east of the centre, near Kirkgate). Waypoints as in
 * leeds.ts: [lat, lon, mph?, stop?] at junction level along the A61, A636 Denby Dale Road and
 * the A655 towards Normanton and Wakefield Europort (M62 J31).
 */
export const WAKEFIELD_ROUTES: readonly RouteDef[] = [
  {
    id: 'wakefield-south-calder-park',
    name: 'Wakefield south: A61 Barnsley Road, Sandal, Calder Park, A636 Denby Dale Road, Westgate',
    site: 'Wakefield Works',
    waypoints: [
      [53.6785, -1.4875, 30], [53.6775, -1.4895], [53.676, -1.49], [53.672, -1.4905], [53.667, -1.489],
      [53.662, -1.488, 30, 'Sandal site'], [53.657, -1.488, 40], [53.652, -1.49], [53.65, -1.498],
      [53.6495, -1.506], [53.6505, -1.514, 30], [53.6512, -1.5152, 20, 'Calder Park'], [53.656, -1.514, 40],
      [53.662, -1.512], [53.668, -1.51, 30], [53.674, -1.509], [53.679, -1.508],
      [53.6825, -1.5065, 20, 'Wakefield Westgate station'], [53.6815, -1.5, 30], [53.6805, -1.4945],
      [53.6795, -1.4905],
    ],
  },
  {
    id: 'wakefield-europort',
    name: 'Wakefield east: A655 towards Normanton and Wakefield Europort, back by Heath',
    site: 'Wakefield Works',
    waypoints: [
      [53.679, -1.482, 30], [53.6815, -1.477], [53.684, -1.4715], [53.6865, -1.4665, 40], [53.689, -1.461],
      [53.6912, -1.455], [53.693, -1.4495], [53.6948, -1.4435], [53.6965, -1.4375], [53.698, -1.4315],
      [53.699, -1.426, 30], [53.7, -1.419, 20, 'Wakefield Europort'], [53.6975, -1.4235, 40],
      [53.6945, -1.4285], [53.6912, -1.434], [53.688, -1.4405], [53.6855, -1.4465, 30, 'Heath yard'],
      [53.6835, -1.4535, 40], [53.6815, -1.46], [53.6798, -1.4665], [53.6785, -1.4735, 30],
      [53.6778, -1.479],
    ],
  },
  {
    id: 'wakefield-north-a61',
    name: 'Wakefield north: A61 Leeds Road through Newton Hill and Outwood to Lofthouse',
    site: 'Wakefield Works',
    returnBy: 'reverse',
    waypoints: [
      [53.6785, -1.4865, 20], [53.68, -1.49, 30], [53.6815, -1.4925], [53.684, -1.495], [53.688, -1.497],
      [53.6915, -1.4985], [53.695, -1.5], [53.6985, -1.5015, 40], [53.702, -1.503],
      [53.706, -1.5045, 30, 'Outwood site'], [53.71, -1.506, 40], [53.715, -1.508], [53.72, -1.51],
      [53.725, -1.5125, 30, 'Lofthouse yard'],
    ],
  },
];
