import { brandAnswerSchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../lib/errors.ts';
import { publicBrand, type BrandService } from './brand.service.ts';

/** Brand answers under /api/v1; icons and the PWA manifest are registered at the root by `brandAssets`. */
export const brandRoutes: FastifyPluginAsyncZod<{ brands: BrandService }> = async (app, { brands }) => {
  app.get('/brand', {
    schema: { tags: ['brand'], summary: 'The brand of the host this was asked on', response: { 200: brandAnswerSchema } },
    config: { access: { who: 'public' } },
  }, async (request, reply) => {
    const brand = await brands.forRequest(request, reply);
    if (!brand) throw new ApiError(503, 'No brand is configured yet.');
    return { ok: 1 as const, brand: publicBrand(brand) };
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
