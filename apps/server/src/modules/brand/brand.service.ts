import { schema, type Db } from '@fleet/db';
import type { PublicBrand } from '@fleet/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { effectiveMap, mapOrigins, type MapDefaults, NO_MAP_DEFAULTS } from './brand-map.ts';
import { iconVersion } from './brand-icons.ts';
import { brandRepository } from './brand.repository.ts';

export type BrandRow = typeof schema.brands.$inferSelect;
/** How long the cached brands are taken as they are before the table's stamp is asked again. */
const FRESH_MS = 2_000;

/**
 * Picks the brand for a request's host name. Brands are few and kept in memory; an edit made in
 * this process drops them at once (`forget`), one made in another process is seen within seconds:
 * after FRESH_MS the next request asks the table's stamp (count, latest edit) and reloads only
 * when it changed (docs/decisions.md, issue 15).
 * `map` is the installation's basemap (MAP_STYLE_URL ...), taken by brands that name none.
 */
export function brandService(
  db: Db, map: MapDefaults = NO_MAP_DEFAULTS,
  /** Told after every forget() (an edit here); app.ts puts it on the bus so the other api nodes read the brands again at once. */
  onChanged?: () => void,
) {
  const repo = brandRepository(db);
  let cached: { at: number; stamp: string; rows: BrandRow[] } | undefined;
  let loading: Promise<BrandRow[]> | undefined;
  let generation = 0;

  async function load(): Promise<BrandRow[]> {
    const started = generation;
    const stamp = await repo.stamp();
    if (cached && cached.stamp === stamp && started === generation) {
      cached = { ...cached, at: Date.now() };
      return cached.rows;
    }
    const rows = await repo.all();
    // A forget() while this was loading: what was read may be older than the edit; the next call reads again.
    if (started === generation) cached = { at: Date.now(), stamp, rows };
    return rows;
  }

  async function all(): Promise<BrandRow[]> {
    if (cached && Date.now() - cached.at < FRESH_MS) return cached.rows;
    // One load at a time: every request of a busy second shares it.
    if (!loading) {
      const p = load().finally(() => { if (loading === p) loading = undefined; });
      loading = p;
    }
    return loading;
  }

  function forgetHere(): void {
    cached = undefined;
    loading = undefined;
    generation += 1;
  }

  async function forHost(hostname: string): Promise<BrandRow | undefined> {
    const host = hostname.toLowerCase().replace(/:\d+$/, '');
    const rows = await all();
    return rows.find((b) => b.hosts.includes(host)) ?? rows.find((b) => b.isDefault) ?? rows[0];
  }

  return {
    /** The brand of a host name (for callers that are not a reply, such as the session check). */
    forHost,
    /**
     * The brand of the host a request was made to. The answer then depends on the host, so the
     * reply says so (Vary: Host, X-Forwarded-Host — the latter counts when TRUST_PROXY names the
     * proxy) and no shared cache hands one brand's answer to another brand's host. Every answer
     * dressed for a brand takes its brand from here.
     */
    async forRequest(request: Pick<FastifyRequest, 'hostname'>, reply: FastifyReply): Promise<BrandRow | undefined> {
      varyByHost(reply);
      return forHost(request.hostname);
    },
    /** Drops the cached brands (after an edit here): the next request reads them again, on every api node. */
    forget(): void {
      forgetHere();
      onChanged?.();
    },
    /** Drops the cached brands another api node changed (the bus's brands-changed topic); tells no one. */
    forgetHere,
    /** Every brand, as the brandmaps call lists them. */
    all,
    repo,
    mapDefaults: map,
    /** The origins the maps of a host's brand load from (the CSP names exactly these). */
    async mapOriginsOf(hostname: string): Promise<string[]> {
      const brand = await forHost(hostname);
      return brand ? mapOrigins(brand, map) : [];
    },
    /** The brand answer: what the web app dresses itself with, and the basemaps it draws. */
    publicBrand(b: BrandRow): PublicBrand {
      return { ...publicBrandFields(b), map: effectiveMap(b, map) };
    },
  };
}
export type BrandService = ReturnType<typeof brandService>;

/** Adds Host and X-Forwarded-Host to the reply's Vary header, keeping what is there. */
export function varyByHost(reply: FastifyReply): void {
  const current = String(reply.getHeader('vary') ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  if (current.includes('*')) return;
  const names = new Set(current.map((v) => v.toLowerCase()));
  const added = ['Host', 'X-Forwarded-Host'].filter((h) => !names.has(h.toLowerCase()));
  reply.header('vary', [...current, ...added].join(', '));
}

function publicBrandFields(b: BrandRow): Omit<PublicBrand, 'map'> {
  return {
    key: b.key, name: b.name, strapline: b.strapline, themeColor: b.themeColor,
    logoUrl: `/brand/logo.svg?v=${iconVersion(b.logoSvg)}`, faviconUrl: `/brand/favicon.svg?v=${iconVersion(b.faviconSvg)}`, privacyUrl: b.privacyUrl,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The web app's index.html dressed for a brand: title, theme colour, icon and manifest. */
export function brandIndexHtml(template: string, b: BrandRow): string {
  const head = [
    `<title>${escapeHtml(b.name)}</title>`,
    `<meta name="theme-color" content="${escapeHtml(b.themeColor)}">`,
    `<meta name="description" content="${escapeHtml(b.strapline)}">`,
    `<link rel="icon" type="image/svg+xml" href="/brand/favicon.svg?v=${iconVersion(b.faviconSvg)}">`,
    `<link rel="manifest" href="/manifest.webmanifest">`,
    `<link rel="apple-touch-icon" href="/brand/icon-192.png?v=${iconVersion(b.faviconSvg)}">`,
  ].join('\n    ');
  return template.replace(/<title>[^<]*<\/title>/, head);
}
