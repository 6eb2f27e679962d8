/**
 * Brand SVGs (logo, favicon) are shown on login pages to people who are not signed in, so what a
 * super administrator pastes is rebuilt from an allow-list: known drawing elements and attributes
 * only; no script, style sheet, foreignObject, event handler, entity or DOCTYPE; links and url()
 * only to fragments of the same drawing (#id), so nothing is fetched from elsewhere. The output is
 * written by this code from the parsed pieces, never copied through, and text is re-escaped.
 */

const ELEMENTS = new Set([
  'svg', 'g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath',
  'defs', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'title', 'desc', 'use', 'symbol', 'pattern',
]);

const ATTRIBUTES = new Set([
  'xmlns', 'xmlns:xlink', 'version', 'id', 'class', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width',
  'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity',
  'clip-path', 'clip-rule', 'mask', 'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'font-family',
  'font-size', 'font-weight', 'font-style', 'letter-spacing', 'text-anchor', 'dominant-baseline', 'alignment-baseline', 'dx', 'dy',
  'rotate', 'textLength', 'lengthAdjust', 'visibility', 'display', 'color', 'style', 'href', 'xlink:href', 'role', 'aria-label',
  'aria-hidden', 'focusable', 'vector-effect', 'shape-rendering', 'paint-order',
]);

/** A CSS value may name only fragments (url(#a)); no @import, expression(), escapes or other url(). */
function safeCss(value: string): boolean {
  if (/[\\@<>&]|expression|javascript:|behavior|-moz-binding/i.test(value)) return false;
  return [...value.matchAll(/url\s*\(\s*(['"]?)([^)'"]*)\1\s*\)/gi)].every((m) => (m[2] ?? '').startsWith('#'))
    && !/url\s*\((?!\s*['"]?#)/i.test(value);
}

function safeValue(name: string, value: string): boolean {
  if (name === 'href' || name === 'xlink:href') return /^#[\w.:-]+$/.test(value);
  if (name === 'xmlns') return value === 'http://www.w3.org/2000/svg';
  if (name === 'xmlns:xlink') return value === 'http://www.w3.org/1999/xlink';
  return safeCss(value);
}

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/y;

/** Text or an attribute value as written back: the five XML entities and character references kept, every other & escaped. */
function escapeText(raw: string, quote: boolean): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '&') {
      ENTITY.lastIndex = i;
      out += ENTITY.test(raw) ? '&' : '&amp;';
    } else if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '"' && quote) out += '&quot;';
    else out += c;
  }
  return out;
}

export class SvgRefused extends Error {}

const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
const ATTR = /([A-Za-z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The SVG rebuilt from what is allowed; throws SvgRefused (with a message for the user) when it is
 * not a well-formed SVG drawing. Elements not on the list are dropped with everything inside them.
 */
export function sanitizeSvg(input: string): string {
  const src = input.replace(/^\uFEFF/, '').trim();
  let out = '';
  let i = 0;
  const open: { name: string; kept: boolean }[] = [];
  let dropping = 0;
  let sawRoot = false;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const textEnd = lt === -1 ? src.length : lt;
    if (textEnd > i) {
      const chunk = src.slice(i, textEnd);
      if (open.length === 0 && chunk.trim() !== '') throw new SvgRefused('there is text outside the <svg> element');
      if (!dropping && open.length > 0) out += escapeText(chunk, false);
      i = textEnd;
      continue;
    }
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      if (end === -1) throw new SvgRefused('a comment is not closed');
      i = end + 3;
      continue;
    }
    if (src.startsWith('<?', i)) {
      const end = src.indexOf('?>', i + 2);
      if (end === -1 || open.length > 0) throw new SvgRefused('an XML declaration is misplaced');
      i = end + 2;
      continue;
    }
    if (src.startsWith('<!', i)) throw new SvgRefused('DOCTYPE, entities and CDATA sections are not allowed');
    TAG.lastIndex = i;
    const m = TAG.exec(src);
    if (!m) throw new SvgRefused(`an element near character ${i} cannot be read`);
    i = TAG.lastIndex;
    const [, closing, name = '', attrs = '', selfClosing] = m;
    if (closing) {
      const top = open.pop();
      if (!top || top.name !== name || attrs.trim() !== '' || selfClosing) throw new SvgRefused(`</${name}> does not close the element that is open`);
      if (!top.kept) dropping -= 1;
      else if (!dropping) out += `</${name}>`;
      if (open.length === 0) break;
      continue;
    }
    if (open.length === 0) {
      if (sawRoot || name !== 'svg') throw new SvgRefused('the image must be one <svg> element');
      sawRoot = true;
    }
    const kept = !dropping && ELEMENTS.has(name);
    if (kept) {
      let tag = `<${name}`;
      const seen = new Set<string>();
      for (const a of attrs.matchAll(ATTR)) {
        const attr = a[1] as string;
        const value = a[2] ?? a[3] ?? '';
        if (seen.has(attr)) throw new SvgRefused(`the attribute ${attr} is given twice`);
        seen.add(attr);
        if (ATTRIBUTES.has(attr) && safeValue(attr, value)) tag += ` ${attr}="${escapeText(value, true)}"`;
      }
      if (name === 'svg' && open.length === 0 && !seen.has('xmlns')) tag += ' xmlns="http://www.w3.org/2000/svg"';
      out += `${tag}${selfClosing ? '/>' : '>'}`;
    }
    if (!selfClosing) {
      open.push({ name, kept });
      if (!kept) dropping += 1;
    } else if (open.length === 0) break;
  }
  if (!sawRoot) throw new SvgRefused('it is not an SVG image (no <svg> element)');
  if (open.length > 0) throw new SvgRefused(`<${open[open.length - 1]?.name}> is not closed`);
  if (src.slice(i).replace(/<!--[\s\S]*?-->/g, '').trim() !== '') throw new SvgRefused('there is more after the closing </svg>');
  return out;
}
