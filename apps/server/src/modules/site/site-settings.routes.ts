import multipart from '@fastify/multipart';
import {
  MAX_UPLOAD_BYTES, navigatorConfigBodySchema, plainSuccessSchema, saveSiteSettingsBodySchema, siteImageAnswerSchema,
  siteSettingsAnswerSchema, UPLOAD_MESSAGES, type UnitSystem,
} from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { badRequest } from '../../lib/errors.ts';
import { readImageForm } from '../../lib/image-form.ts';
import { currentSiteOf } from '../../plugins/access.ts';
import type { AuditLog } from '../audit/index.ts';
import { OPERATOR_MENU_CHOICES } from '../auth/index.ts';
import { siteImageDataUrl } from './site-image.ts';
import { siteSettingsService } from './site-settings.service.ts';
import type { SiteSettingsRepository } from './site-settings.repository.ts';
import type { SiteRepository } from './site.repository.ts';

const tag = { tags: ['site'] };
const currentSiteNeeded = { current: 'site', none: { status: 404, message: 'No such site.' } } as const;
const adminOfSite = () => ({ who: 'admin' as const, scope: [currentSiteNeeded] });

/**
 * The current site's settings in one place (issue 15 item 4: fleetconfig, navigatorconfig): time
 * zone, unit system, site image, volume unit, report thresholds, the fleet map's start, the
 * operators' menu and the navigator. Site administrators only; every change is audited.
 */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{
  repo: SiteSettingsRepository; site: SiteRepository; audit: AuditLog; onUnitSystem?: (siteId: number, system: UnitSystem) => void;
}> = async (app, { repo, site, audit, onUnitSystem }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 200, fieldNameSize: 40, headerPairs: 20 },
  });
  const settings = siteSettingsService(repo, audit, async (siteId, system) => {
    await site.setUnitSystem(siteId, system); // forgets the cached system at once
    onUnitSystem?.(siteId, system);
  });
  const actorOf = (request: Parameters<typeof callerOf>[0] & { ip: string }) => ({ caller: callerOf(request), address: request.ip });

  app.get('/sitesettings', {
    schema: { ...tag, summary: "The current site's settings: time zone, units, image, thresholds, map start, operators' menu, navigator (administrators)", response: { 200: siteSettingsAnswerSchema } },
    config: { access: adminOfSite() },
  }, async (request) => {
    const row = await settings.read(currentSiteOf(request));
    return {
      ok: 1 as const, siteid: row.siteId, sitename: row.name, timezone: row.timezone, unitsystem: row.unitSystem, image: row.image,
      settings: row.settings, menuchoices: OPERATOR_MENU_CHOICES.map(({ name, icon, link }) => ({ name, icon, link })),
    };
  });

  app.post('/savesitesettings', {
    schema: { ...tag, summary: "Change any of the current site's settings; what is left out stays (administrators)", body: saveSiteSettingsBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { ...adminOfSite(), note: 'audited (site.settings); the unit system as setunitsystem' } },
  }, async (request) => {
    const body = request.body;
    const menu = body.settings?.operatorMenu;
    if (menu) {
      const known = new Set(OPERATOR_MENU_CHOICES.map((e) => e.link));
      const unknown = menu.find((l) => !known.has(l));
      if (unknown !== undefined) throw badRequest(`"${unknown}" is not an entry of the operators' menu.`);
      if (menu.length === 0) throw badRequest("Leave the operators at least one page in their menu.");
    }
    await settings.change(currentSiteOf(request), actorOf(request), 'site.settings', (row) => ({
      ...row,
      timezone: body.timezone ?? row.timezone,
      unitSystem: body.unitsystem ?? row.unitSystem,
      image: body.image ?? row.image,
      settings: { ...row.settings, ...body.settings },
    }));
    return { ok: 1 as const };
  });

  app.post('/navigatorconfig', {
    schema: { ...tag, summary: "Set the current site's navigator settings: route profile, avoid tolls/motorways, arrival radius, traffic (administrators)", body: navigatorConfigBodySchema, response: { 200: plainSuccessSchema } },
    config: { access: { ...adminOfSite(), note: 'audited (site.navigator)' } },
  }, async (request) => {
    await settings.change(currentSiteOf(request), actorOf(request), 'site.navigator', (row) => ({ ...row, settings: { ...row.settings, navigator: request.body } }));
    return { ok: 1 as const };
  });

  app.post('/savesiteimage', {
    schema: { ...tag, summary: "Set the current site's image (multipart: image; JPEG, PNG or WebP, shown in the menu) (administrators)", consumes: ['multipart/form-data'], response: { 200: siteImageAnswerSchema } },
    bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
    config: { access: { ...adminOfSite(), note: 'multipart; checked by its bytes, re-encoded and shrunk to at most 480x160; audited (site.image)' } },
  }, async (request) => {
    const siteId = currentSiteOf(request);
    const { bytes } = await readImageForm(request);
    if (!bytes || bytes.length === 0) throw badRequest(UPLOAD_MESSAGES.noFile);
    const image = await siteImageDataUrl(bytes);
    await settings.change(siteId, actorOf(request), 'site.image', (row) => ({ ...row, image }));
    return { ok: 1 as const, image };
  });
};
