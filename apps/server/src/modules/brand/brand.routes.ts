import { brandAnswerSchema, brandMapsAnswerSchema, plainSuccessSchema, setBrandMapBodySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import { editableBrands } from './brand-admin.ts';
import { effectiveMap } from './brand-map.ts';
import { brandIconPng, ICON_SIZES, iconVersion } from './brand-icons.ts';
import type { BrandRow, BrandService } from './brand.service.ts';

/** Brand answers under /api/v1; icons and the PWA manifest are registered at the root by `brandAssets`. */
export const brandRoutes: FastifyPluginAsyncZod<{ brands: BrandService; audit: AuditLog }> = async (app, { brands, audit }) => {
  app.get('/brand', {
    schema: { tags: ['brand'], summary: 'The brand of the host this was asked on', response: { 200: brandAnswerSchema } },
    config: { access: { who: 'public' } },
  }, async (request, reply) => {
    const brand = await brands.forRequest(request, reply);
    if (!brand) throw new ApiError(503, 'No brand is configured yet.');
    return { ok: 1 as const, brand: brands.publicBrand(brand) };
  });

  app.get('/brandmaps', {
    schema: { tags: ['brand'], summary: "Every brand's basemap settings and the basemaps in force (super administrators)", response: { 200: brandMapsAnswerSchema } },
    config: { access: { who: 'super', note: "the default brand's super administrators: every brand; others: their own" } },
  }, async (request) => {
    brands.forget();
    const rows = editableBrands(await brands.all(), callerOf(request)).brands;
    return {
      ok: 1 as const,
      brands: rows.map((b) => ({
        key: b.key, name: b.name, style: b.mapStyleUrl, satellite: b.mapSatelliteStyleUrl, hosts: b.mapHosts,
        effective: effectiveMap(b, brands.mapDefaults),
      })),
    };
  });

  app.post('/setbrandmap', {
    schema: { tags: ['brand'], summary: "Sets a brand's basemap: street and satellite MapLibre style URLs and the further hosts they load from (super administrators)", body: setBrandMapBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { who: 'super', note: "a brand the caller edits (see brands), else 404" } },
  }, async (request) => {
    const { brand, style, satellite, hosts } = request.body;
    const caller = callerOf(request);
    const before = editableBrands(await brands.all(), caller).brands.find((b) => b.key === brand);
    if (!before) throw notFound(`brand '${brand}'`);
    if (hosts.length > 0 && !style && !satellite) {
      throw new ApiError(400, 'Map hosts go with a style of the brand: name a street or satellite style URL, or leave the hosts empty.');
    }
    const row = await brands.repo.setMap(brand, { style, satellite, hosts: [...new Set(hosts)] });
    if (!row) throw notFound(`brand '${brand}'`);
    brands.forget();
    await audit.change({ caller, address: request.ip }, {
      action: 'brand.map', targetKind: 'brand', targetId: row.id, targetName: row.name,
      before: { style: before.mapStyleUrl, satellite: before.mapSatelliteStyleUrl, hosts: before.mapHosts },
      after: { style: row.mapStyleUrl, satellite: row.mapSatelliteStyleUrl, hosts: row.mapHosts },
    });
    return { ok: 1 as const, message: `The map of ${row.name} is saved.` };
  });
};

export const brandAssets: FastifyPluginAsyncZod<{ brands: BrandService }> = async (app, { brands }) => {
  const svg = (which: 'logoSvg' | 'faviconSvg') => async (request: { hostname: string; query: unknown }, reply: import('fastify').FastifyReply) => {
    const brand = await brands.forRequest(request, reply);
    if (!brand) return reply.status(404).send();
    // Pages name the SVG with its hash (?v=): that address may be kept a day; without one, it is asked each time.
    const versioned = typeof (request.query as { v?: unknown }).v === 'string';
    return reply.type('image/svg+xml').header('Cache-Control', versioned ? 'public, max-age=86400' : 'no-cache').send(brand[which]);
  };
  app.get('/brand/logo.svg', { schema: { hide: true } }, svg('logoSvg'));
  app.get('/brand/favicon.svg', { schema: { hide: true } }, svg('faviconSvg'));
  // The app's icons as PNG (the install prompt and home screens want them), drawn from the brand's favicon SVG.
  for (const size of ICON_SIZES) {
    app.get(`/brand/icon-${size}.png`, { schema: { hide: true } }, async (request, reply) => {
      const brand = await brands.forRequest(request, reply);
      if (!brand) return reply.status(404).send();
      const png = await brandIconPng(brand.faviconSvg, size);
      // The manifest names them with the SVG's hash (?v=), so a day's caching never shows an old icon for long.
      return reply.type('image/png').header('Cache-Control', 'public, max-age=86400').send(png);
    });
  }
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brands.forRequest(request, reply);
    if (!brand) return reply.status(404).send();
    // Asked again on each use, so an edited brand's name and icons reach installed apps without waiting.
    return reply.type('application/manifest+json').header('Cache-Control', 'no-cache').send(webManifest(brand));
  });
};

/** The web app manifest of a brand: what an installed app is called and looks like on that brand's host. */
export function webManifest(brand: BrandRow) {
  const v = iconVersion(brand.faviconSvg);
  return {
    id: '/',
    name: brand.name,
    short_name: shortName(brand.name),
    description: brand.strapline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.themeColor,
    background_color: '#ffffff',
    icons: [
      ...ICON_SIZES.map((size) => ({ src: `/brand/icon-${size}.png?v=${v}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      { src: `/brand/favicon.svg?v=${v}`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/** The name under the home-screen icon: the brand's first word when the name is long (launchers cut at about 12 characters). */
function shortName(name: string): string {
  return name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12);
}
