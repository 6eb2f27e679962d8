import multipart from '@fastify/multipart';
import { imageQuerySchema, MAX_UPLOAD_BYTES, sendTempImageAnswerSchema, sendTempImageBodySchema, UPLOAD_MESSAGES } from '@fleet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../lib/caller.ts';
import { readImageForm } from '../../lib/image-form.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { UploadsService } from './uploads.service.ts';

const tag = { tags: ['uploads'] };

/**
 * sendtempimage (a driver's photo or signature, multipart) and image (the stored bytes back to the
 * sessions of the same site). Multipart parsing is registered in this plugin's scope only: no
 * other call accepts a multipart body.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 200, fieldNameSize: 40, headerPairs: 20 },
  });

  app.post('/sendtempimage', {
    schema: {
      ...tag, summary: 'Uploads a photo or signature (multipart: uid, key, image)', consumes: ['multipart/form-data'],
      response: { 200: sendTempImageAnswerSchema },
    },
    bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
    config: {
      access: {
        who: 'driver',
        scope: [{ row: 'unit', field: 'body.uid', within: 'caller sites', missing: 'unit' }],
        note: 'multipart; JPEG/PNG/WebP by magic bytes, <= 10 MiB, <= 40 megapixels, re-encoded; same (site, key): same id',
      },
    },
  }, async (request) => {
    const caller = callerOf(request);
    const { fields, bytes } = await readImageForm(request);
    const parsed = sendTempImageBodySchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`The request is not valid: body.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is not valid'}`);
    }
    if (!bytes || bytes.length === 0) throw badRequest(UPLOAD_MESSAGES.noFile);
    const siteId = caller.session.siteId;
    const unitSite = await uploads.siteOfUnit(parsed.data.uid);
    if (siteId === null || unitSite !== siteId) throw notFound('unit');
    const saved = await uploads.save({ siteId, unitId: parsed.data.uid, userId: caller.user.id, clientKey: parsed.data.key, bytes });
    return { ok: 1 as const, id: saved.id };
  });

  app.get('/image', {
    schema: { ...tag, summary: 'An uploaded image (the bytes, not JSON)', querystring: imageQuerySchema },
    config: { access: { who: 'session', alsoDriver: true, scope: [{ row: 'upload', field: 'query.id', within: 'caller sites', missing: 'image' }] } },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const image = await uploads.read(request.query.id, caller.siteIds);
    if (!image) throw notFound('image');
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(image.bytes);
  });
};
