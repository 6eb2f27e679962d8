import type { Map as MapLibreMap } from 'maplibre-gl';

/** A piece of a credit: text, or a link (only http(s) addresses become links). */
export interface CreditPart {
  text: string;
  href?: string;
}

/**
 * A source's attribution (HTML from a style or TileJSON) as text and links, read by an inert
 * parser: nothing of it is put into the page as HTML.
 */
export function creditParts(html: string): CreditPart[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const parts: CreditPart[] = [];
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        if (child.textContent) parts.push({ text: child.textContent });
      } else if (child instanceof HTMLAnchorElement) {
        const href = child.getAttribute('href') ?? '';
        const text = child.textContent ?? '';
        if (text) parts.push(/^https?:\/\//i.test(href) ? { text, href } : { text });
      } else {
        walk(child);
      }
    }
  };
  walk(doc.body);
  return parts.filter((p) => p.text.trim() !== '' || p.text === ' ');
}

/** The attributions of the sources a visible layer draws from, each once, in layer order. */
export function visibleAttributions(map: MapLibreMap): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const layer of map.getStyle().layers) {
    if (!('source' in layer) || typeof layer.source !== 'string' || layer.layout?.visibility === 'none') continue;
    const attribution = (map.getSource(layer.source) as { attribution?: string } | undefined)?.attribution;
    if (attribution && !seen.has(attribution)) {
      seen.add(attribution);
      out.push(attribution);
    }
  }
  return out;
}
