import type { TrackPoints } from '@fleet/shared';

/**
 * Checks a track's columns by hand. The shared schema says the same (trackPointsSchema), but zod
 * walks 600,000 values of a 1 Hz day in about half a second on this machine, a third of the replay's
 * budget from answer to first draw; these loops take a few milliseconds. The envelope around the
 * columns is still read with the shared schema (get-data.ts), as the fleet reads its vehicles.
 */
export function readPoints(raw: unknown): TrackPoints {
  if (typeof raw !== 'object' || raw === null) throw new Error('points: not an object');
  const p = raw as Record<string, unknown>;
  const id = column(p, 'id', (v) => typeof v === 'string');
  const size = id.length;
  const num = (name: string) => column(p, name, (v) => typeof v === 'number' && Number.isFinite(v), size);
  return {
    id: id as string[],
    t: num('t') as number[],
    lat: num('lat') as number[],
    lon: num('lon') as number[],
    speed: num('speed') as number[],
    angle: num('angle') as number[],
    ign: column(p, 'ign', (v) => v === 0 || v === 1 || v === null, size) as Array<0 | 1 | null>,
  };
}

function column(p: Record<string, unknown>, name: string, ok: (v: unknown) => boolean, size?: number): unknown[] {
  const c = p[name];
  if (!Array.isArray(c)) throw new Error(`points.${name}: not an array`);
  if (size !== undefined && c.length !== size) throw new Error(`points.${name}: ${c.length} values where id has ${size}`);
  for (let i = 0; i < c.length; i++) if (!ok(c[i])) throw new Error(`points.${name}[${i}]: ${JSON.stringify(c[i])} is not allowed`);
  return c;
}
