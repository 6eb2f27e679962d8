import type { RouteDef } from './route.ts';

/**
 * Leeds Depot routes. Waypoints are [lat, lon, mph?, stop?] at junctions and along the roads
 * (about every 0.5-1 km); buildRoute smooths them into points every ~120 m. The depot is added at
 * both ends. Coordinates follow the real roads at junction level (A6120/A6110 Outer Ring Road,
 * A647, A660, A65, A64, A61, A58); between junctions the line is a smooth curve, so it can sit a
 * few tens of metres off the carriageway on a detailed map.
 */
export const LEEDS_ROUTES: readonly RouteDef[] = [
  {
    id: 'leeds-west-ring',
    name: 'Leeds west: A647 Stanningley Road, Outer Ring Road, A660 Headingley',
    site: 'Leeds Depot',
    // biome-ignore format: a compact waypoint table reads better than one point a line
    waypoints: [
      [53.7928, -1.551, 30], [53.7942, -1.556], [53.7955, -1.562], [53.7962, -1.5665], [53.7978, -1.573],
      [53.799, -1.58], [53.7998, -1.588], [53.8003, -1.596, 40], [53.801, -1.605], [53.8022, -1.614],
      [53.8032, -1.624, 50], [53.804, -1.634], [53.8045, -1.644], [53.8042, -1.653], [53.804, -1.659, 40],
      [53.809, -1.6585], [53.815, -1.657], [53.82, -1.6545], [53.8245, -1.6515], [53.83, -1.647],
      [53.835, -1.642], [53.8395, -1.6365], [53.841, -1.628], [53.8418, -1.618], [53.8412, -1.608],
      [53.84, -1.6], [53.839, -1.593, 30], [53.8345, -1.5895], [53.829, -1.5855], [53.8235, -1.5815],
      [53.8195, -1.5775, 30, 'Headingley shops'], [53.815, -1.5715], [53.812, -1.5655], [53.8085, -1.557],
      [53.8045, -1.549], [53.801, -1.5455, 20], [53.7985, -1.545], [53.796, -1.547],
    ],
  },
  {
    id: 'leeds-east-thorpe-park',
    name: 'Leeds east: A64 York Road, Seacroft, Thorpe Park, A63 Selby Road',
    site: 'Leeds Depot',
    // biome-ignore format: a compact waypoint table reads better than one point a line
    waypoints: [
      [53.7948, -1.544, 20], [53.7958, -1.539, 30], [53.7965, -1.535], [53.7975, -1.532],
      [53.799, -1.526, 40], [53.8005, -1.518], [53.802, -1.51], [53.804, -1.502], [53.806, -1.495],
      [53.8085, -1.487], [53.8105, -1.478], [53.812, -1.469], [53.8135, -1.46], [53.81, -1.4575],
      [53.806, -1.4555], [53.803, -1.454], [53.803, -1.45, 30], [53.8055, -1.4465, 20, 'Thorpe Park Leeds'],
      [53.8035, -1.444, 30], [53.8005, -1.447], [53.7975, -1.454, 40], [53.7955, -1.464], [53.794, -1.474],
      [53.7925, -1.484], [53.791, -1.495], [53.7905, -1.505], [53.791, -1.515], [53.792, -1.525, 30],
      [53.7935, -1.533], [53.7945, -1.54, 20],
    ],
  },
  {
    id: 'leeds-south-white-rose',
    name: 'Leeds south: A61 Hunslet, Stourton, Ring Road Middleton, White Rose, A653 Beeston',
    site: 'Leeds Depot',
    // biome-ignore format: a compact waypoint table reads better than one point a line
    waypoints: [
      [53.7915, -1.546, 30], [53.789, -1.542], [53.786, -1.538], [53.782, -1.534, 40], [53.778, -1.53],
      [53.774, -1.526], [53.77, -1.5215], [53.7665, -1.516], [53.763, -1.512, 30, 'Stourton Park & Ride'],
      [53.7612, -1.516, 40], [53.76, -1.523], [53.759, -1.531], [53.7575, -1.539], [53.7565, -1.547],
      [53.757, -1.555], [53.758, -1.562], [53.7585, -1.569, 30],
      [53.7587, -1.5733, 20, 'White Rose Shopping Centre'], [53.7605, -1.57, 30], [53.763, -1.564],
      [53.7665, -1.56], [53.771, -1.557], [53.776, -1.5545], [53.781, -1.552], [53.7855, -1.55],
      [53.7895, -1.549, 20],
    ],
  },
  {
    id: 'leeds-airport',
    name: 'Leeds north-west: A65 Kirkstall, Horsforth, A658 to Leeds Bradford Airport',
    site: 'Leeds Depot',
    returnBy: 'reverse',
    // biome-ignore format: a compact waypoint table reads better than one point a line
    waypoints: [
      [53.795, -1.552, 30], [53.797, -1.558], [53.799, -1.564], [53.801, -1.571, 40], [53.8035, -1.578],
      [53.806, -1.584], [53.8085, -1.589], [53.81, -1.5918, 20, 'Kirkstall Retail Park'],
      [53.813, -1.596, 30], [53.8165, -1.601], [53.82, -1.607, 40], [53.824, -1.6135], [53.8285, -1.6205],
      [53.833, -1.6275], [53.837, -1.633], [53.8395, -1.6365], [53.8425, -1.642, 40], [53.8455, -1.649],
      [53.848, -1.656], [53.85, -1.663], [53.855, -1.665, 40], [53.86, -1.664], [53.864, -1.662, 20],
      [53.8659, -1.6606, 20, 'Leeds Bradford Airport'],
    ],
  },
  {
    id: 'leeds-north-roundhay',
    name: 'Leeds north: A61 Scott Hall Road, Ring Road Moortown, A58 Roundhay Road',
    site: 'Leeds Depot',
    // biome-ignore format: a compact waypoint table reads better than one point a line
    waypoints: [
      [53.796, -1.547, 20], [53.799, -1.544, 30], [53.803, -1.542], [53.806, -1.538], [53.808, -1.5345],
      [53.812, -1.536, 40], [53.817, -1.5385], [53.822, -1.5405], [53.827, -1.542], [53.832, -1.543],
      [53.837, -1.5435], [53.842, -1.544], [53.845, -1.542, 40], [53.846, -1.534], [53.8455, -1.526],
      [53.8445, -1.518, 40, 'Shadwell Lane'], [53.843, -1.51], [53.841, -1.502], [53.8395, -1.496],
      [53.835, -1.4985, 40], [53.83, -1.503], [53.8255, -1.509, 30], [53.821, -1.515], [53.8165, -1.521],
      [53.812, -1.528], [53.8085, -1.5335], [53.805, -1.539], [53.801, -1.543], [53.7975, -1.5455, 20],
    ],
  },
  {
    id: 'leeds-wakefield-trunk',
    name: 'Leeds to Wakefield trunk: A61 via Stourton, Robin Hood and Outwood',
    site: 'Leeds Depot',
    returnBy: 'reverse',
    // biome-ignore format: a compact waypoint table reads better than one point a line
    waypoints: [
      [53.7915, -1.546, 30], [53.789, -1.542], [53.786, -1.538], [53.782, -1.534, 40], [53.778, -1.53],
      [53.774, -1.526], [53.77, -1.5215], [53.7665, -1.516], [53.762, -1.5145, 50], [53.758, -1.515],
      [53.754, -1.5155], [53.75, -1.516], [53.745, -1.517], [53.74, -1.518], [53.735, -1.5165],
      [53.73, -1.515], [53.725, -1.5125], [53.72, -1.51], [53.715, -1.508], [53.71, -1.506, 40],
      [53.706, -1.5045], [53.702, -1.503], [53.6985, -1.5015, 30], [53.695, -1.5], [53.6915, -1.4985],
      [53.688, -1.497], [53.684, -1.495], [53.6815, -1.4925], [53.68, -1.49, 20],
      [53.6785, -1.4865, 20, 'Wakefield Works (trunk drop)'],
    ],
  },
];
