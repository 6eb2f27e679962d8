import { describe, expect, it } from 'vitest';
import { LABEL_MIN_ZOOM, LAYER, SELECTED_STATE, vehicleLayers, vehicleSource } from './vehicle-layers.ts';

const layer = (id: string, phone = false) => vehicleLayers(phone).find((l) => l.id === id);

describe('vehicle layers', () => {
  it("hide the selected vehicle's own label (the selection overlay draws it), by feature state", () => {
    const labels = layer(LAYER.labels);
    expect(labels?.type).toBe('symbol');
    const paint = labels && 'paint' in labels ? (labels.paint as Record<string, unknown>) : {};
    expect(paint['icon-opacity']).toEqual(['case', ['boolean', ['feature-state', SELECTED_STATE], false], 0, 1]);
  });

  it('show registrations a zoom earlier on a phone', () => {
    expect(layer(LAYER.labels)?.minzoom).toBe(LABEL_MIN_ZOOM);
    expect(layer(LAYER.labels, true)?.minzoom).toBe(LABEL_MIN_ZOOM - 1);
  });

  it('draw a steady alarm ring under everything else (its pulse is HTML over the map)', () => {
    const ring = layer(LAYER.alarmRing);
    expect(ring?.type).toBe('circle');
    expect(vehicleLayers().map((l) => l.id)).toEqual([LAYER.alarmRing, LAYER.heading, LAYER.markers, LAYER.labels, LAYER.clusters]);
  });

  it('cluster with the radius asked for', () => {
    expect(vehicleSource(24).clusterRadius).toBe(24);
    expect(vehicleSource(40).clusterRadius).toBe(40);
  });
});
