import type { BrandRecord } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf, svgDataUrl } from './brand-form.ts';

const brand: BrandRecord = {
  id: 2, key: 'northway', isDefault: false, hosts: ['northway.localhost', 'fleet.northway.example'], name: 'Northway', strapline: 'North',
  themeColor: '#0f7a4a', logoSvg: '<svg/>', faviconSvg: '<svg/>', senderAddress: 'Northway <a@b.example>', privacyUrl: '/privacy',
  publicUrl: 'https://fleet.northway.example', mapStyle: null, mapSatellite: null, mapHosts: [], effectiveMap: { style: null, satellite: null }, updatedAt: null,
};

describe('brand form', () => {
  it('round-trips a brand into the body savebrand takes, lists one per line', () => {
    const body = bodyOf(brand.id, formOf(brand));
    expect(body).toEqual({
      id: 2, hosts: ['northway.localhost', 'fleet.northway.example'], name: 'Northway', strapline: 'North', themeColor: '#0f7a4a',
      logoSvg: '<svg/>', faviconSvg: '<svg/>', senderAddress: 'Northway <a@b.example>', privacyUrl: '/privacy',
      publicUrl: 'https://fleet.northway.example', mapStyle: null, mapSatellite: null, mapHosts: [],
    });
  });

  it('sends a key only when adding, and host names in lower case', () => {
    const v = { ...formOf(undefined), key: ' southway ', hosts: 'South.Example\n\n fleet.south.example ' };
    expect(bodyOf(0, v)).toMatchObject({ id: 0, key: 'southway', hosts: ['south.example', 'fleet.south.example'] });
    expect(bodyOf(5, v)).not.toHaveProperty('key');
  });

  it('makes an image address of an SVG', () => {
    expect(svgDataUrl('<svg a="#"/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%22%23%22%2F%3E');
  });
});
