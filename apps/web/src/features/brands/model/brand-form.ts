import type { BrandRecord, SaveBrandBody } from '@fleet/shared';

/** The brand editor's fields as typed: lists as one entry per line. */
export interface BrandFormValues {
  key: string;
  hosts: string;
  name: string;
  strapline: string;
  themeColor: string;
  logoSvg: string;
  faviconSvg: string;
  senderAddress: string;
  privacyUrl: string;
  publicUrl: string;
  mapStyle: string;
  mapSatellite: string;
  mapHosts: string;
}

const BLANK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1c64d1"/></svg>';

/** The form of a brand, or of a new one (started from the given brand's look, without its hosts and name). */
export function formOf(b: BrandRecord | undefined): BrandFormValues {
  return {
    key: b?.key ?? '',
    hosts: b?.hosts.join('\n') ?? '',
    name: b?.name ?? '',
    strapline: b?.strapline ?? '',
    themeColor: b?.themeColor ?? '#1c64d1',
    logoSvg: b?.logoSvg ?? BLANK_SVG,
    faviconSvg: b?.faviconSvg ?? BLANK_SVG,
    senderAddress: b?.senderAddress ?? '',
    privacyUrl: b?.privacyUrl ?? '/privacy',
    publicUrl: b?.publicUrl ?? '',
    mapStyle: b?.mapStyle ?? '',
    mapSatellite: b?.mapSatellite ?? '',
    mapHosts: b?.mapHosts.join('\n') ?? '',
  };
}

const lines = (s: string) => s.split(/[\s,]+/).map((x) => x.trim()).filter(Boolean);

/** What savebrand is sent: id 0 with a key adds a brand. The server checks every field. */
export function bodyOf(id: number, v: BrandFormValues): SaveBrandBody {
  return {
    id,
    ...(id === 0 ? { key: v.key.trim() } : {}),
    hosts: lines(v.hosts.toLowerCase()),
    name: v.name,
    strapline: v.strapline,
    themeColor: v.themeColor,
    logoSvg: v.logoSvg,
    faviconSvg: v.faviconSvg,
    senderAddress: v.senderAddress,
    privacyUrl: v.privacyUrl,
    publicUrl: v.publicUrl,
    mapStyle: v.mapStyle.trim() || null,
    mapSatellite: v.mapSatellite.trim() || null,
    mapHosts: lines(v.mapHosts),
  };
}

/** An SVG as an image address for the preview (an <img> never runs what an SVG holds). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
