/**
 * The file name a Content-Disposition header gives ("attachment; filename=\"trips.xlsx\"", or the
 * RFC 5987 filename*=UTF-8''…), kept to a plain name; `fallback` when there is none.
 */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (star?.[1]) {
    try {
      name = decodeURIComponent(star[1].trim());
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
    name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  }
  // No folders, no control characters.
  const clean = name.replace(/[\\/]/g, '_').split('').filter((c) => c.charCodeAt(0) >= 32).join('').trim();
  return clean || fallback;
}
