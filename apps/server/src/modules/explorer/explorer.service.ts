import { resolveIoMap } from '@fleet/protocols';
import {
  EXPLORER_RAW_MAX_HOURS, type IoReport, type IoSeries, type IoSeriesAnswer, minMaxDownsample, numericIo, readCell,
} from '@fleet/shared';
import type { ExplorerRepository, ExplorerVehicle } from './explorer.repository.ts';
import { ioInfo } from './io-names.ts';

/** Pixel columns when the client names none. */
const DEFAULT_POINTS = 1000;

const byId = (a: string, b: string) => {
  const na = /^\d+$/.test(a);
  const nb = /^\d+$/.test(b);
  return na && nb ? Number(a) - Number(b) : na ? -1 : nb ? 1 : a.localeCompare(b);
};

/** Which IO elements a vehicle has reported: the roll-ups' (numeric) and its newest position's. */
export async function reportsOf(repo: ExplorerRepository, v: ExplorerVehicle): Promise<{ first: Date | null; last: Date | null; io: IoReport[] }> {
  const [keys, ends] = await Promise.all([repo.rolledUpKeys(v.id), repo.ends(v.id)]);
  const seen = new Map<string, { numeric: boolean; last: Date | null }>(keys.map((k) => [k.k, { numeric: true, last: k.last }]));
  for (const [k, value] of Object.entries(ends.io)) {
    const had = seen.get(k);
    seen.set(k, { numeric: (had?.numeric ?? false) || numericIo(value) !== null, last: ends.last ?? had?.last ?? null });
  }
  const ids = [...seen.keys()].sort(byId);
  const info = ioInfo(ids, resolveIoMap(v.io_map), v.io_catalogue);
  return {
    first: ends.first, last: ends.last,
    io: ids.map((id) => {
      const s = seen.get(id) as { numeric: boolean; last: Date | null };
      const i = info.get(id);
      return { id, name: i?.name ?? `IO ${id}`, unit: i?.unit ?? '', numeric: s.numeric, lastSeen: s.last?.toISOString() ?? null };
    }),
  };
}

/**
 * The chart's series: from the positions for ranges up to EXPLORER_RAW_MAX_HOURS, else from the
 * 10-minute roll-ups (each bucket's minimum and maximum, placed at its first and last value's times
 * in the order the bucket went); then at most two points a pixel column (min-max: peaks are kept).
 */
export async function seriesOf(repo: ExplorerRepository, v: ExplorerVehicle, q: { io: string; from: string; to: string; points?: number | undefined }): Promise<Omit<IoSeriesAnswer, 'ok'>> {
  const keys = [...new Set(q.io.split(','))];
  const from = new Date(q.from);
  const to = new Date(q.to);
  const points = q.points ?? DEFAULT_POINTS;
  const info = ioInfo(keys, resolveIoMap(v.io_map), v.io_catalogue);
  const raw = to.getTime() - from.getTime() <= EXPLORER_RAW_MAX_HOURS * 3600_000;
  const per = keys.map(() => ({ t: [] as number[], v: [] as Array<number | null> }));
  let read: number;
  if (raw) {
    const rows = await repo.rawValues(v.id, keys, from, to);
    read = rows.length;
    for (const [t, vals] of rows) {
      vals.forEach((x, i) => {
        const n = x === null ? null : numericIo(/^-?\d+(\.\d+)?$/.test(x) ? Number(x) : x);
        if (n === null) return;
        const s = per[i] as { t: number[]; v: Array<number | null> };
        s.t.push(t);
        s.v.push(n);
      });
    }
  } else {
    const rows = await repo.rollups(v.id, keys, from, to);
    read = rows.length;
    for (const [b, ...cells] of rows) {
      cells.forEach((x, i) => {
        const c = readCell(x);
        if (!c) return;
        const s = per[i] as { t: number[]; v: Array<number | null> };
        const [min, max, first, last, , , firstAt, lastAt] = c;
        // Rising buckets read low then high; falling ones high then low.
        const [a, z] = first <= last ? [min, max] : [max, min];
        s.t.push(b + firstAt, b + Math.max(lastAt, firstAt + 1));
        s.v.push(a, z);
      });
    }
  }
  const series: IoSeries[] = keys.map((io, i) => {
    const d = minMaxDownsample(per[i] as { t: number[]; v: Array<number | null> }, from.getTime(), to.getTime(), points);
    const meta = info.get(io) ?? { name: `IO ${io}`, unit: '', scale: 1 };
    const scale = meta.scale;
    return { io, name: meta.name, unit: meta.unit, t: d.t, v: scale === 1 ? d.v : d.v.map((x) => (x === null ? null : Math.round(x * scale * 1e6) / 1e6)) };
  });
  return { uid: v.id, from: from.toISOString(), to: to.toISOString(), source: raw ? 'raw' : 'rollup', read, series };
}
