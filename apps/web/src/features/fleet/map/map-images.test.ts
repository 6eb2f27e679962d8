import { describe, expect, it } from 'vitest';
import { clusterImageId, headingImageId, labelImageId, mapImageFor, vehicleImageId } from './map-images.ts';

describe('map image ids', () => {
  it('names a vehicle marker by icon, PTO lamp and state, and draws it back from the name', () => {
    const id = vehicleImageId('gritter-orange', 'pto-both', 'driving');
    expect(id).toBe('vehicle:gritter-orange:pto-both:driving');
    const image = mapImageFor(id);
    expect(image?.kind).toBe('drawing');
    expect(mapImageFor(vehicleImageId('service-van-blue', null, 'stale'))).toMatchObject({
      kind: 'drawing',
      drawing: { opacity: 0.5 },
    });
  });

  it('draws headings, clusters (with or without an alarm) and labels', () => {
    expect(mapImageFor(headingImageId('alarm'))?.kind).toBe('drawing');
    expect(mapImageFor(clusterImageId(12, true))?.kind).toBe('drawing');
    expect(mapImageFor(labelImageId('AB12 C:DE'))).toEqual({ kind: 'label', text: 'AB12 C:DE' });
  });

  it.each([
    'vehicle:rocket:no-pto:driving',
    'vehicle:service-van-blue:pto-3:driving',
    'vehicle:service-van-blue:no-pto:flying',
    'heading:sideways',
    'cluster:0:0',
    'cluster:abc:1',
    'someone-else:icon',
  ])('leaves %s to others', (id) => expect(mapImageFor(id)).toBeNull());
});
