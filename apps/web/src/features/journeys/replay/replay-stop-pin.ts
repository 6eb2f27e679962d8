import type { Drawing } from '../../../shared/vehicles/drawing.ts';

/** Pin image size (CSS px); its tip is the stop's place. */
export const PIN_SIZE = 30;

export const stopPinImageId = (n: number) => `replay-stop:${n}`;

/** The stop number a pin image id names, or null when the id is not a pin's. */
export function stopPinNumber(id: string): number | null {
  const m = /^replay-stop:(\d{1,4})$/.exec(id);
  return m ? Number(m[1]) : null;
}

/** A numbered stop pin: a dark grey drop with a white number (grey: stopped, as on the fleet map). */
export function stopPin(n: number): Drawing {
  const c = PIN_SIZE / 2;
  return {
    size: PIN_SIZE,
    ops: [
      { type: 'path', d: `M${c} ${PIN_SIZE - 1}L${c - 7} ${c + 4}A10 10 0 1 1 ${c + 7} ${c + 4}Z`, fill: '#343a40', stroke: '#ffffff', width: 2 },
      { type: 'text', x: c, y: c - 3, text: String(n), fontSize: n < 100 ? 11 : 9, fill: '#ffffff' },
    ],
  };
}
