import { describe, expect, it } from 'vitest';
import { assetImageFor, assetLabelId, assetMarkerId } from './asset-images.ts';

describe('asset map images: ids say what they show', () => {
  it('reads back the marker and label ids it makes', () => {
    expect(assetImageFor(assetMarkerId('shield', 'alarm'))).toEqual({ kind: 'marker', icon: 'shield', state: 'alarm' });
    expect(assetImageFor(assetMarkerId('asset', 'stale'))).toEqual({ kind: 'marker', icon: 'asset', state: 'stale' });
    expect(assetImageFor(assetLabelId('Trailer TR-07: rear'))).toEqual({ kind: 'label', text: 'Trailer TR-07: rear' });
  });

  it("leaves other overlays' ids and bad ones alone", () => {
    expect(assetImageFor('vehicle:asset:no-pto:alarm')).toBeNull();
    expect(assetImageFor('asset-marker:rocket:alarm')).toBeNull();
    expect(assetImageFor('asset-marker:asset:dancing')).toBeNull();
  });
});
