import { normaliseAngle } from '@fleet/shared/rules/direction';
import { vehiclePosition } from './position.ts';

/** A heading as whole degrees in [0, 360); anything that is not a finite number reads as 0. */
export function headingDegrees(direction: unknown): number {
  const degrees = Math.round(normaliseAngle(typeof direction === 'number' ? direction : Number.NaN));
  return degrees === 360 ? 0 : degrees;
}

/** '53.80000, -1.55000' for a drawable position, null for none (see drawablePosition). */
export function positionText(v: { lat: unknown; lon: unknown }): string | null {
  const at = vehiclePosition(v);
  return at ? `${at[1].toFixed(5)}, ${at[0].toFixed(5)}` : null;
}

/** The longest text drawn in a map label; longer ones end in an ellipsis. */
export const MAX_LABEL_CHARS = 24;

/**
 * A registration as a map label draws it: trimmed, one line, at most MAX_LABEL_CHARS characters
 * (a label is a canvas image: a 5,000-character text would ask for a canvas wider than the browser
 * allows). Whole characters: an emoji is never cut in half.
 */
export function mapLabelText(text: unknown): string {
  const plain = (typeof text === 'string' ? text : '').replace(/\s+/g, ' ').trim();
  // Most labels are short: UTF-16 length is never below the character count, so they pass as they are.
  if (plain.length <= MAX_LABEL_CHARS) return plain;
  const chars = Array.from(plain);
  return chars.length > MAX_LABEL_CHARS ? `${chars.slice(0, MAX_LABEL_CHARS - 1).join('')}…` : plain;
}

/**
 * A vehicle's registration to show; `unnamed` (e.g. 'Unit 12') when it has none, since a blank row
 * or label cannot be picked out.
 */
export function registrationText(registration: unknown, unnamed: string): string {
  return (typeof registration === 'string' ? registration.trim() : '') || unnamed;
}
