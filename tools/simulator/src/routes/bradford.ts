import type { RouteDef } from './route.ts';

/**
 * Bradford Yard routes (the yard sits off the A650 Wakefield Road, south-east of the centre).
 * Waypoints as in leeds.ts: [lat, lon, mph?, stop?] at junction level along A6177 Outer Ring
 * Road, M606, A641 Manchester Road, A6037 Canal Road, A650 Manningham Lane and A647 Leeds Road.
 */
export const BRADFORD_ROUTES: readonly RouteDef[] = [
  {
    id: 'bradford-south-euroway',
    name: 'Bradford south: Dudley Hill, Rooley Lane, M606 Euroway, Odsal, A641 Manchester Road',
    site: 'Bradford Yard',
    // biome-ignore format: a compact waypoint table reads better than one point a line
    waypoints: [
      [53.781, -1.7325, 30], [53.779, -1.732], [53.7765, -1.7315], [53.7745, -1.731, 40], [53.773, -1.736],
      [53.772, -1.74], [53.7712, -1.744], [53.7705, -1.748], [53.7702, -1.752], [53.768, -1.7525, 50],
      [53.765, -1.751], [53.7625, -1.749], [53.76, -1.747], [53.7575, -1.7445, 30],
      [53.7562, -1.741, 20, 'Euroway Trading Estate'], [53.7585, -1.7435, 30], [53.7615, -1.748, 50],
      [53.765, -1.7515], [53.769, -1.754, 40], [53.7675, -1.758], [53.7655, -1.7605],
      [53.7665, -1.7625, 30], [53.7695, -1.762], [53.7725, -1.761], [53.7765, -1.7595], [53.78, -1.758],
      [53.7835, -1.7565], [53.7865, -1.7545], [53.789, -1.752],
      [53.7912, -1.7497, 20, 'Bradford Interchange'], [53.7895, -1.746, 30], [53.7878, -1.7425],
      [53.786, -1.739], [53.7845, -1.736],
    ],
  },
  {
    id: 'bradford-north-shipley',
    name: 'Bradford north: A6037 Canal Road to the Shipley salt store, back by A650 Manningham Lane',
    site: 'Bradford Yard',
    // biome-ignore format: a compact waypoint table reads better than one point a line
    waypoints: [
      [53.7845, -1.736, 30], [53.786, -1.739], [53.7878, -1.7425], [53.7895, -1.746], [53.7912, -1.7497],
      [53.7945, -1.752], [53.7975, -1.7535], [53.801, -1.7545, 40], [53.805, -1.755], [53.8085, -1.7555],
      [53.812, -1.756], [53.8155, -1.7575], [53.819, -1.759], [53.8225, -1.762], [53.826, -1.765],
      [53.8285, -1.7685], [53.831, -1.772, 30], [53.833, -1.775, 20, 'Shipley salt store'],
      [53.8325, -1.7785, 30], [53.829, -1.7765], [53.825, -1.774], [53.8205, -1.771], [53.816, -1.768],
      [53.812, -1.765], [53.808, -1.762], [53.8045, -1.7595], [53.802, -1.757],
      [53.7995, -1.7545, 20, 'Forster Square Retail Park'], [53.7975, -1.7535, 30], [53.7945, -1.752],
      [53.7912, -1.7497], [53.7895, -1.746], [53.7878, -1.7425], [53.786, -1.739],
    ],
  },
  {
    id: 'bradford-east-pudsey',
    name: 'Bradford east: Sticker Lane, Laisterdyke, A647 Leeds Road to Dawson’s Corner',
    site: 'Bradford Yard',
    returnBy: 'reverse',
    // biome-ignore format: a compact waypoint table reads better than one point a line
    waypoints: [
      [53.7835, -1.73, 30], [53.785, -1.7255], [53.7875, -1.722], [53.79, -1.72], [53.7925, -1.7195, 30],
      [53.794, -1.716, 40], [53.7955, -1.7125], [53.797, -1.708], [53.7985, -1.703], [53.8, -1.698],
      [53.801, -1.692], [53.802, -1.686], [53.803, -1.68], [53.8035, -1.674], [53.804, -1.668],
      [53.8042, -1.6625, 30], [53.8035, -1.658, 20, 'Dawson’s Corner depot drop'],
    ],
  },
];
