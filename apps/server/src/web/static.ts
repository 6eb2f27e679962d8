import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brandIndexHtml, type BrandService } from '../modules/brand/index.ts';

/**
 * Serves the built web app; any GET that is not a file or an API call gets index.html dressed for
 * the host's brand (the client's router decides what to show, including the /login redirects).
 */
export async function serveWebApp(app: FastifyInstance, opts: { distDir: string; brands: BrandService }) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      index: false,
      // Files are looked up per request, so a rebuild's new asset names are served without a restart.
      wildcard: true,
      // The build writes .br and .gz copies (apps/web/build/precompress.ts); send the one accepted.
      preCompressed: true,
      setHeaders: (res, file) => {
        // The map's worker fetches tiles under the CSP its own answer carried: it is checked again
        // on every load, so a brand's new map hosts reach it at once (not after a year's caching).
        const worker = path.basename(file).startsWith('maplibre-gl-worker');
        const immutable = !worker && file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Re-read index.html when a rebuild replaced it, so a running server never serves stale asset names.
  let cached = { mtimeMs: -1, html: '' };
  const template = () => {
    const mtimeMs = statSync(indexFile).mtimeMs;
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
    return cached.html;
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const brand = await opts.brands.forRequest(request, reply);
    const html = brand ? brandIndexHtml(template(), brand) : template();
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };
  // The root is a folder to the static files plugin (it would answer 403): it is the app.
  app.get('/', { schema: { hide: true } }, sendIndex);

  app.setNotFoundHandler(async (request, reply) => {
    if (request.isApi) {
      return reply.status(404).send({ ok: 0, message: `There is no call ${request.method} ${request.path}.` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ ok: 0, message: 'Not found.' });
    return sendIndex(request, reply);
  });
}
