/**
 * Demo points of interest around Leeds, Bradford and Wakefield (WGS84).
 * Mode 1 circle: lat/lon centre and radius in metres. Mode 2 polygon: points as an OPEN ring
 * of {x: lon, y: lat} (the first point is not repeated at the end; the ring closes implicitly).
 */
export interface PoiPoint {
  x: number;
  y: number;
}

export type DemoPoi =
  | {
      name: string;
      mode: 1;
      lat: number;
      lon: number;
      radius: number;
      showOnMap: boolean;
      isGeofence: boolean;
    }
  | { name: string; mode: 2; points: readonly PoiPoint[]; showOnMap: boolean; isGeofence: boolean };

const circle = (
  name: string,
  lat: number,
  lon: number,
  radius: number,
  showOnMap = true,
  isGeofence = false,
) => ({ name, mode: 1, lat, lon, radius, showOnMap, isGeofence }) as const;

const polygon = (
  name: string,
  ring: ReadonlyArray<[lon: number, lat: number]>,
  showOnMap = true,
  isGeofence = false,
) => ({ name, mode: 2, points: ring.map(([x, y]) => ({ x, y })), showOnMap, isGeofence }) as const;

// Depots are not geofences: every vehicle leaves and returns there daily, and each would raise an alert.
export const SITE_POI: Record<string, readonly DemoPoi[]> = {
  'Leeds Depot': [
    circle('Leeds Depot', 53.7935, -1.5485, 150, true),
    circle('Stourton Park & Ride', 53.7622, -1.5109, 180),
    circle('White Rose Shopping Centre', 53.7587, -1.5733, 350),
    circle('Leeds Bradford Airport', 53.8659, -1.6606, 900, false, true),
    polygon('Kirkstall Retail Park', [
      [-1.5945, 53.8118],
      [-1.5895, 53.8121],
      [-1.5889, 53.8094],
      [-1.5938, 53.8089],
    ]),
    polygon(
      'Thorpe Park Leeds',
      [
        [-1.4545, 53.809],
        [-1.442, 53.8098],
        [-1.4395, 53.8045],
        [-1.447, 53.802],
        [-1.454, 53.804],
      ],
      true,
      true,
    ),
  ],
  'Bradford Yard': [
    circle('Bradford Yard', 53.783, -1.733, 150, true),
    circle('Bradford Interchange', 53.7912, -1.7497, 120),
    circle('Shipley salt store', 53.833, -1.775, 100, true, true),
    polygon(
      'Euroway Trading Estate',
      [
        [-1.747, 53.759],
        [-1.736, 53.7592],
        [-1.7335, 53.7535],
        [-1.7455, 53.753],
      ],
      true,
      true,
    ),
    polygon(
      'Forster Square Retail Park',
      [
        [-1.756, 53.8],
        [-1.7515, 53.8002],
        [-1.751, 53.7972],
        [-1.7555, 53.797],
      ],
      false,
    ),
  ],
  'Wakefield Works': [
    circle('Wakefield Works', 53.6775, -1.485, 200, true),
    circle('Wakefield Europort', 53.7, -1.419, 600, true, true),
    circle('Wakefield Westgate station', 53.6833, -1.5063, 100, false),
    polygon('Calder Park', [
      [-1.5195, 53.653],
      [-1.511, 53.6535],
      [-1.51, 53.649],
      [-1.5185, 53.6485],
    ]),
    polygon(
      'Trinity Walk',
      [
        [-1.4945, 53.6868],
        [-1.4912, 53.6869],
        [-1.491, 53.6848],
        [-1.4944, 53.6847],
      ],
      false,
    ),
  ],
};
