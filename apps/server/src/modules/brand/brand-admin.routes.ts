import { brandsAnswerSchema, saveBrandAnswerSchema, saveBrandBodySchema } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import type { AuditLog } from '../audit/index.ts';
import { auditedBrand, brandRecord, editableBrands, saveBrand } from './brand-admin.ts';
import type { BrandService } from './brand.service.ts';

/** The brand editor's calls (issue 15): super administrators read and edit their brands' white label. */
export const brandAdminRoutes: FastifyPluginAsyncZod<{ brands: BrandService; audit: AuditLog }> = async (app, { brands, audit }) => {
  app.get('/brands', {
    schema: { tags: ['brand'], summary: 'The brands the caller edits: every brand for the default brand\'s super administrators, else their own', response: { 200: brandsAnswerSchema } },
    config: { access: { who: 'super', note: "the default brand's super administrators see every brand and may add one; others see their session's brand only" } },
  }, async (request) => {
    brands.forget();
    const { brands: mine, canAdd } = editableBrands(await brands.all(), callerOf(request));
    return { ok: 1 as const, brands: mine.map((b) => brandRecord(b, brands)), canAdd };
  });

  app.post('/savebrand', {
    schema: {
      tags: ['brand'],
      summary: "Adds (id 0) or edits a brand: host names (unique across brands), name, strapline, colour, logo and favicon SVG (sanitised), sender, privacy and public links, basemap; in force at once, no restart",
      body: saveBrandBodySchema, response: { 200: saveBrandAnswerSchema },
    },
    config: { access: { who: 'super', note: "a brand the caller edits (see brands), else 404; adding: the default brand's super administrators only (403)" } },
  }, async (request) => {
    const caller = callerOf(request);
    const { before, after } = await saveBrand(brands, caller, request.hostname, request.body);
    await audit.change({ caller, address: request.ip }, {
      action: before ? 'brand.edit' : 'brand.add', targetKind: 'brand', targetId: after.id, targetName: after.name,
      before: before ? auditedBrand(before) : undefined, after: auditedBrand(after),
    });
    return { ok: 1 as const, message: before ? `${after.name} is saved: its pages show the change now.` : `The brand ${after.name} is added.`, brand: brandRecord(after, brands) };
  });
};
