/**
 * Hand-drawn brand artwork as SVG strings. Each mark is drawn in a 40x40 box at (4,4) so the
 * logo (200x48: mark + wordmark) and the favicon (the mark alone) share one drawing.
 * Text uses the system sans stack; every text colour has at least 4.5:1 contrast on white.
 */
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const INK = '#1b2430'; // 15.6:1 on white

/** Fleetwise: a map pin in a calm blue tile. */
const fleetwiseMark = (blue: string) =>
  `<rect x="4" y="4" width="40" height="40" rx="10" fill="${blue}"/>` +
  '<path d="M24 10.5c-6 0-10.8 4.7-10.8 10.6 0 7.6 10.8 16.9 10.8 16.9s10.8-9.3 10.8-16.9c0-5.9-4.8-10.6-10.8-10.6z" fill="#fff"/>' +
  `<circle cx="24" cy="21" r="4.2" fill="${blue}"/>`;

/** Northway: a navigation arrow pointing north in a deep green tile. */
const northwayMark = (green: string) =>
  `<rect x="4" y="4" width="40" height="40" rx="10" fill="${green}"/>` +
  '<path d="M24 10 34 37.5 24 31.5 14 37.5z" fill="#fff" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/>' +
  `<path d="M24 10v21.5l10 6z" fill="${green}" fill-opacity=".28"/>`;

const svg = (viewBox: string, size: string, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" ${size} role="img" aria-label="${label}">` +
  `<title>${label}</title>${body}</svg>`;

export function fleetwiseLogo(blue: string): string {
  return svg(
    '0 0 200 48',
    'width="200" height="48"',
    'Fleetwise',
    fleetwiseMark(blue) +
      `<text x="54" y="32.5" font-family="${FONT}" font-size="25" font-weight="700" letter-spacing="-0.4" fill="${INK}">` +
      `Fleet<tspan fill="${blue}">wise</tspan></text>`,
  );
}

export function fleetwiseFavicon(blue: string): string {
  return svg('4 4 40 40', 'width="32" height="32"', 'Fleetwise', fleetwiseMark(blue));
}

export function northwayLogo(green: string): string {
  return svg(
    '0 0 200 48',
    'width="200" height="48"',
    'Northway Telematics',
    northwayMark(green) +
      `<text x="54" y="26" font-family="${FONT}" font-size="22" font-weight="700" letter-spacing="-0.3" fill="${INK}">Northway</text>` +
      `<text x="55" y="40" font-family="${FONT}" font-size="9.5" font-weight="600" letter-spacing="2.4" fill="${green}">TELEMATICS</text>`,
  );
}

export function northwayFavicon(green: string): string {
  return svg('4 4 40 40', 'width="32" height="32"', 'Northway Telematics', northwayMark(green));
}

/** A small site picture for the foot of the side menu: initials on a tinted tile, as a data: URL. */
export function siteImage(name: string, colour: string): string {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">` +
    `<rect width="96" height="96" rx="16" fill="${colour}"/>` +
    `<text x="48" y="59" text-anchor="middle" font-family="${FONT}" font-size="32" font-weight="700" fill="#fff">${initials}</text>` +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(body)}`;
}
