/**
 * Where a key moves the list's one tab stop (roving tabindex): the arrows by one row, Page Up and
 * Page Down by `page` rows, Home and End to the ends; null for any other key (the browser keeps it).
 * `from` is the row focused now (-1 for none: a move starts from the top).
 */
export function nextRovingIndex(key: string, from: number, count: number, page: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const at = Math.min(Math.max(from, 0), last);
  switch (key) {
    case 'ArrowDown':
      return from < 0 ? 0 : Math.min(at + 1, last);
    case 'ArrowUp':
      return Math.max(at - 1, 0);
    case 'PageDown':
      return Math.min(at + page, last);
    case 'PageUp':
      return Math.max(at - page, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
