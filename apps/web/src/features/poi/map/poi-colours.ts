/** POI colours, shared by the map layers and the legend so the two always agree. */
export const POI_COLOURS = {
  place: '#1971c2',
  geofence: '#c2255c',
  draft: '#6741d9',
} as const;

/** Geofence outlines are dashed, so they differ by more than colour. */
export const GEOFENCE_DASH: [number, number] = [3, 2];
