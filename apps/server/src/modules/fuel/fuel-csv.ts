import type { FuelEvent } from '@fleet/shared';
import { csvField } from '../reports/index.ts';

const HEADER = ['Vehicle', 'Kind', 'Start (UTC)', 'End (UTC)', 'Place', 'Latitude', 'Longitude', 'Before (l)', 'After (l)', 'Litres'];

/** The events as a CSV file (UTF-8 with BOM for spreadsheets; text cells guarded against formulas). */
export function fuelEventsCsv(events: readonly FuelEvent[]): string {
  const line = (e: FuelEvent) => [
    csvField(e.registration, true), e.kind, e.start, e.end, csvField(e.loc, true), String(e.lat), String(e.lon),
    e.before.toFixed(1), e.after.toFixed(1), e.litres.toFixed(1),
  ].join(',');
  return `\ufeff${HEADER.join(',')}\r\n${events.map((e) => `${line(e)}\r\n`).join('')}`;
}
