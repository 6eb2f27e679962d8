import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';

/** Every layer and source of a loaded street or satellite style carries this prefix (above it: overlays). */
export const STREET_PREFIX = 'basemap-street-';

/** A brand's style, ready to lay under the overlays: ids prefixed, addresses absolute, sprites listed. */
export interface StreetStyle {
  sources: Record<string, SourceSpecification>;
  layers: LayerSpecification[];
  glyphs: string | null;
  sprites: { id: string; url: string }[];
}

export class StyleProblem extends Error {}

/** Fetches a MapLibre style; refuses an error status, a body that is not JSON, or JSON that is no style. */
export async function fetchStyle(url: string, timeoutMs: number, signal?: AbortSignal): Promise<StyleSpecification> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const res = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, credentials: 'omit' }).catch(
    (error: unknown) => {
      throw new StyleProblem(timeout.aborted ? `no answer in ${timeoutMs / 1000} s` : `not reached (${String(error)})`);
    },
  );
  if (!res.ok) throw new StyleProblem(`answered ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new StyleProblem('the answer is not JSON');
  }
  const problem = styleProblem(body);
  if (problem) throw new StyleProblem(problem);
  return body as StyleSpecification;
}

/** Why a parsed body is not a MapLibre style (version 8 with sources and layers), or null. */
export function styleProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'the answer is not a style';
  const s = body as Partial<Record<'version' | 'sources' | 'layers', unknown>>;
  if (s.version !== 8) return 'not a MapLibre style (version 8)';
  if (typeof s.sources !== 'object' || s.sources === null || Array.isArray(s.sources)) return 'the style has no sources';
  if (!Array.isArray(s.layers) || s.layers.length === 0) return 'the style has no layers';
  return null;
}

const absolute = (value: string, base: string) => {
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
};
/** Tile templates keep their {z}/{x}/{y} braces (URL would escape them). */
const absoluteTemplate = (value: string, base: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : absolute(value, base).replace(/%7B/g, '{').replace(/%7D/g, '}');

/**
 * A fetched style made ready to add under the overlays: sources and layers renamed with
 * STREET_PREFIX (so they never meet an overlay's ids), relative addresses resolved against the
 * style's own address, and the sprite given as a list.
 */
export function prepareStreetStyle(style: StyleSpecification, styleUrl: string): StreetStyle {
  const sources: Record<string, SourceSpecification> = {};
  for (const [id, source] of Object.entries(style.sources)) {
    const copy = { ...source } as SourceSpecification & { url?: string; tiles?: string[] };
    if (typeof copy.url === 'string') copy.url = absolute(copy.url, styleUrl);
    if (Array.isArray(copy.tiles)) copy.tiles = copy.tiles.map((t) => absoluteTemplate(t, styleUrl));
    sources[`${STREET_PREFIX}${id}`] = copy;
  }
  const layers = style.layers.map((layer) => {
    const copy = { ...layer, id: `${STREET_PREFIX}${layer.id}` } as LayerSpecification & { source?: unknown };
    if (typeof copy.source === 'string') copy.source = `${STREET_PREFIX}${copy.source}`;
    return copy as LayerSpecification;
  });
  const sprite = style.sprite;
  const sprites =
    typeof sprite === 'string'
      ? [{ id: 'default', url: absolute(sprite, styleUrl) }]
      : (sprite ?? []).map((s) => ({ id: s.id, url: absolute(s.url, styleUrl) }));
  return { sources, layers, glyphs: style.glyphs ? absoluteTemplate(style.glyphs, styleUrl) : null, sprites };
}
