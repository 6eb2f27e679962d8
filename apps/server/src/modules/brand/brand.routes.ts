import { brandAnswerSchema, brandMapsAnswerSchema, plainSuccessSchema, setBrandMapBodySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, notFound } from '../../lib/errors.ts';
import { effectiveMap } from './brand-map.ts';
import type { BrandService } from './brand.service.ts';

/** Brand answers under /api/v1; icons and the PWA manifest are registered at the root by `brandAssets`. */
export const brandRoutes: FastifyPluginAsyncZod<{ brands: BrandService }> = async (app, { brands }) => {
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
    config: { access: { who: 'super' } },
  }, async () => {
    brands.forget();
    const rows = await brands.all();
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
    config: { access: { who: 'super' } },
  }, async (request) => {
    const { brand, style, satellite, hosts } = request.body;
    if (hosts.length > 0 && !style && !satellite) {
      throw new ApiError(400, 'Map hosts go with a style of the brand: name a street or satellite style URL, or leave the hosts empty.');
    }
    const row = await brands.repo.setMap(brand, { style, satellite, hosts: [...new Set(hosts)] });
    if (!row) throw notFound(`brand '${brand}'`);
    brands.forget();
    return { ok: 1 as const, message: `The map of ${row.name} is saved.` };
  });
};

export const brandAssets: FastifyPluginAsyncZod<{ brands: BrandService }> = async (app, { brands }) => {
  const svg = (which: 'logoSvg' | 'faviconSvg') => async (request: { hostname: string }, reply: import('fastify').FastifyReply) => {
    const brand = await brands.forRequest(request, reply);
    if (!brand) return reply.status(404).send();
    return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=300').send(brand[which]);
  };
  app.get('/brand/logo.svg', { schema: { hide: true } }, svg('logoSvg'));
  app.get('/brand/favicon.svg', { schema: { hide: true } }, svg('faviconSvg'));
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const brand = await brands.forRequest(request, reply);
    if (!brand) return reply.status(404).send();
    return reply.type('application/manifest+json').send({
      name: brand.name, short_name: brand.name.split(' ')[0], description: brand.strapline,
      start_url: '/', scope: '/', display: 'standalone', theme_color: brand.themeColor, background_color: '#ffffff',
      icons: [{ src: `/brand/favicon.svg?v=${brand.id}`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    });
  });
};
