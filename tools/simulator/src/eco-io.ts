import type { AvlRecord } from '@fleet/protocols';
import { chance, type Rng, seededRng, uniform } from './rng.ts';

/**
 * Eco-driving IO (issue 16), as an FMB with Green Driving and Over Speeding configured sends it:
 *
 * | id  | size | meaning                                                          |
 * |-----|------|------------------------------------------------------------------|
 * | 253 | 1    | green driving type: 1 harsh acceleration, 2 harsh braking, 3 harsh cornering |
 * | 254 | 2    | green driving value, 0.01 g (g×100: 123 = 1.23 g)                |
 * | 255 | 2    | over speeding: the speed (km/h) when the set limit was passed     |
 *
 * Each is an event record (eventIoId the IO's id, priority high). Every vehicle has a temperament
 * drawn once from its seed: most drive smoothly, a few harshly (events up to ten times as often),
 * so the driver performance league has something to rank.
 */
export const ECO_IO = { GREEN_TYPE: 253, GREEN_VALUE: 254, OVERSPEED: 255 } as const;

/** Harsh events per driving hour of an average driver, and over-speeding events. */
const HARSH_PER_HOUR = 3;
const OVERSPEED_PER_HOUR = 0.4;
/** km/h: the limit the devices are set to report over speeding at (the simulated roads rarely allow more). */
export const OVERSPEED_LIMIT = 70;

interface Eco { rng: Rng; temperament: number; lastT: number }
const vehicles = new WeakMap<object, Eco>();

function ecoOf(owner: object, seed: number): Eco {
  let e = vehicles.get(owner);
  if (!e) {
    const rng = seededRng(seed ^ 0x6ec0d21e);
    // Skewed: many careful drivers (0.3), a few harsh ones (up to 3.3).
    const u = rng();
    e = { rng, temperament: 0.3 + 3 * u * u * u, lastT: Number.NaN };
    vehicles.set(owner, e);
  }
  return e;
}

/**
 * The record with a green driving or over-speeding event now and then while the vehicle moves (the
 * vehicle's — `owner`'s — own stream of chance, seeded from `seed`); otherwise the record as it was.
 */
export function withEcoIo(r: AvlRecord, owner: object, seed: number): AvlRecord {
  const e = ecoOf(owner, seed);
  const dt = Number.isNaN(e.lastT) ? 0 : Math.max(0, (r.timestampMs - e.lastT) / 1000);
  e.lastT = r.timestampMs;
  if (r.eventIoId !== 0 || r.speedKmh < 15 || dt === 0) return r;
  const hours = dt / 3600;
  if (chance(e.rng, HARSH_PER_HOUR * e.temperament * hours)) {
    const type = e.rng() < 0.45 ? 2 : e.rng() < 0.6 ? 1 : 3;
    const io = new Map(r.io);
    io.set(ECO_IO.GREEN_TYPE, { size: 1, value: type });
    io.set(ECO_IO.GREEN_VALUE, { size: 2, value: Math.round(uniform(e.rng, 30, 60 + 40 * e.temperament)) });
    return { ...r, io, eventIoId: ECO_IO.GREEN_TYPE, priority: Math.max(r.priority, 1) };
  }
  // Harsher drivers keep going fast where others ease off: more of their fast stretches are reported.
  if (r.speedKmh > OVERSPEED_LIMIT && chance(e.rng, OVERSPEED_PER_HOUR * 4 * e.temperament * hours)) {
    const io = new Map(r.io);
    io.set(ECO_IO.OVERSPEED, { size: 2, value: r.speedKmh });
    return { ...r, io, eventIoId: ECO_IO.OVERSPEED, priority: Math.max(r.priority, 1) };
  }
  return r;
}
