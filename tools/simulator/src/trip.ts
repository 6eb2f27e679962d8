import type { VehicleProfile } from './profiles.ts';
import { exponential, type Rng, uniform } from './rng.ts';
import { aheadLimitKmh, positionAt, type RoutePath } from './routes/index.ts';

/** Where a drive step ended: a traffic halt, a work stop, or the end of the route (the depot). */
export type Arrival = { kind: 'halt'; seconds: number } | { kind: 'stop'; name: string } | { kind: 'end' };

type Target = { d: number; arrival: Arrival };

/**
 * Progress along one route: distance, speed, the traffic halts planned for this lap and the next
 * work stop. Speed follows the road: it accelerates towards the posted limit (times the driver's
 * own factor), brakes early enough for bends and lower limits ahead, and comes to rest at halts,
 * stops and the depot.
 */
export class Trip {
  /** Metres from the depot along the route. */
  d = 0;
  /** m/s */
  v = 0;
  private halts: Array<{ d: number; seconds: number }> = [];
  private stopIndex = 0;

  constructor(
    readonly route: RoutePath,
    private readonly profile: VehicleProfile,
    private readonly rng: Rng,
    private readonly speedFactor: number,
  ) {
    this.planHalts();
  }

  /** Puts the vehicle on the road at a fraction of the route, moving at a moderate speed. */
  startAt(fraction: number): void {
    this.d = Math.max(0, Math.min(0.98, fraction)) * this.route.length;
    const next = this.route.stops.findIndex((s) => s.d > this.d);
    this.stopIndex = next < 0 ? this.route.stops.length : next;
    this.v = (positionAt(this.route, this.d).limitKmh / 3.6) * 0.6;
    this.planHalts();
  }

  /** Back at the depot: the next lap starts from the beginning. */
  restart(): void {
    this.d = 0;
    this.v = 0;
    this.stopIndex = 0;
    this.planHalts();
  }

  /** Drives for dt seconds; returns the metres covered and where it came to rest, if it did. */
  drive(dt: number): { moved: number; arrival?: Arrival } {
    const p = this.profile;
    const target = this.nextTarget();
    const dist = target.d - this.d;
    // Look ahead from where this step will end, so a limit or bend is never entered too fast.
    const ahead = Math.min(
      aheadLimitKmh(this.route, this.d, p.decel),
      aheadLimitKmh(this.route, this.d + this.v * dt, p.decel),
    );
    let vmax = Math.min(ahead * this.speedFactor, p.maxKmh) / 3.6;
    vmax = Math.min(vmax, Math.max(1.5, Math.sqrt(2 * p.decel * Math.max(0, dist))));
    this.v =
      this.v < vmax ? Math.min(vmax, this.v + p.accel * dt) : Math.max(vmax, this.v - 2 * p.decel * dt);
    const move = this.v * dt;
    const moved = Math.min(move, dist);
    this.d += moved;
    if (move < dist) return { moved };
    this.v = 0;
    if (target.arrival.kind === 'halt') this.halts.shift();
    if (target.arrival.kind === 'stop') this.stopIndex++;
    return { moved, arrival: target.arrival };
  }

  private nextTarget(): Target {
    const halt = this.halts[0];
    const stop = this.route.stops[this.stopIndex];
    let best: Target = { d: this.route.length, arrival: { kind: 'end' } };
    if (stop && stop.d < best.d) best = { d: stop.d, arrival: { kind: 'stop', name: stop.name } };
    if (halt && halt.d < best.d) best = { d: halt.d, arrival: { kind: 'halt', seconds: halt.seconds } };
    return best;
  }

  /** Traffic halts (lights, junctions) for the lap from here: on 40 mph or slower roads, ~1 per 1.5 km. */
  private planHalts(): void {
    this.halts = [];
    const clear = (x: number) => this.route.stops.every((s) => Math.abs(s.d - x) > 150);
    const gap = () => 200 + exponential(this.rng, 1500);
    for (let x = this.d + gap(); x < this.route.length - 150; x += gap()) {
      if (positionAt(this.route, x).limitKmh <= 65 && clear(x)) {
        this.halts.push({ d: x, seconds: uniform(this.rng, 5, 40) });
      }
    }
  }
}
