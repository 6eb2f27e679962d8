import type { AvlRecord } from '@fleet/protocols';
import { IO, J1939_FAULTS, PANIC_DIN_IO, PRIORITY, PTO_DIN_IOS } from './io.ts';
import type { VehicleProfile } from './profiles.ts';
import { chance, type Rng, seededRng, uniform } from './rng.ts';
import { positionAt, type RoutePath } from './routes/index.ts';
import { type Arrival, Trip } from './trip.ts';
import { buildRecord, initialState, type VehicleState } from './vehicle-record.ts';
import { withEcoIo } from './eco-io.ts';
import { FuelSensor } from './fuel-io.ts';
import type { Phase, VehicleOptions, VehicleSnapshot } from './vehicle-types.ts';

export type { Phase, VehicleOptions, VehicleSnapshot } from './vehicle-types.ts';

/**
 * A pure, clock-injected vehicle: advanceTo(t) moves it along its route in 1 s steps and returns
 * the records for that span (event records for ignition, PTO, panic, faults and refuels, then one
 * periodic record at t). The cycle: parked at the depot with the ignition off → ignition on and
 * idle → drive (slowing for bends, short halts at junctions) → work stops (PTO on for PTO
 * vehicles, engine off for the others) → back at the depot, ignition off, refuel when low.
 */
export class Vehicle {
  readonly route: RoutePath;
  readonly profile: VehicleProfile;
  private readonly rng: Rng;
  /** Separate stream for per-record noise, so the route does not depend on how often records are taken. */
  private readonly noise: Rng;
  private readonly opts: VehicleOptions;
  private t: number;
  private phase: Phase = 'parked';
  private phaseEnd = 0;
  private readonly trip: Trip;
  private heading = 0;
  private panicUntil = 0;
  private faultUntil = 0;
  private lastPeriodic = Number.NEGATIVE_INFINITY;
  private events: AvlRecord[] = [];
  private readonly s: VehicleState;
  private readonly fuel: FuelSensor;

  constructor(opts: VehicleOptions) {
    this.opts = opts;
    this.route = opts.route;
    this.profile = opts.profile;
    this.rng = seededRng(opts.seed);
    this.noise = seededRng(opts.seed ^ 0x9e3779b9);
    this.t = opts.startMs;
    this.trip = new Trip(opts.route, opts.profile, this.rng, uniform(this.rng, 0.88, 1.0));
    this.s = initialState(this.rng, opts.profile, positionAt(this.route, 0));
    this.fuel = new FuelSensor(seededRng(opts.seed ^ 0x6675656c), opts.profile.tankLitres);
    if (opts.counters) Object.assign(this.s, opts.counters);
    const start = opts.start ?? { phase: 'parked' };
    if (start.phase === 'driving') {
      this.trip.startAt(start.at);
      this.phase = 'driving';
      this.s.ignition = opts.profile.engine;
    } else {
      const forS = start.forS ?? uniform(this.rng, 0, this.minutes(opts.depotMinutes, [4, 15]));
      this.phaseEnd = this.t + forS * 1000;
    }
    this.updatePosition();
  }

  /** Moves the vehicle to `nowMs` and returns the records produced on the way, oldest first. */
  advanceTo(nowMs: number): AvlRecord[] {
    while (this.t < nowMs) {
      const dtMs = Math.min(1000, nowMs - this.t);
      this.t += dtMs;
      this.step(dtMs / 1000);
    }
    const out = this.events;
    this.events = [];
    if (nowMs > this.lastPeriodic && nowMs >= this.t) {
      this.lastPeriodic = nowMs;
      out.push(this.record(nowMs, 0, PRIORITY.low));
    }
    return out;
  }

  snapshot(): VehicleSnapshot {
    return { ...this.s, t: this.t, phase: this.phase, distanceM: this.trip.d, routeId: this.route.id };
  }

  /** Digital outputs (setdigout). DOUT1 works as an immobiliser: a parked vehicle stays parked. */
  setOutputs(outputs: readonly [boolean, boolean]): void {
    this.s.outputs = [outputs[0], outputs[1]];
  }

  private step(dt: number): void {
    const p = this.profile;
    switch (this.phase) {
      case 'parked':
        if (p.engine) this.drain(this.fuel.theft(dt, this.s.fuelLitres));
        if (this.t >= this.phaseEnd && !this.s.outputs[0]) {
          if (p.engine) this.setIgnition(true);
          this.enter(p.engine ? 'warmup' : 'driving', uniform(this.rng, 30, 120));
        }
        break;
      case 'warmup':
      case 'halt':
      case 'moveoff':
        if (this.t >= this.phaseEnd) this.phase = 'driving';
        break;
      case 'working':
        if (this.t >= this.phaseEnd) this.finishWork();
        break;
      case 'driving':
        this.drive(dt);
        break;
    }
    if (this.s.ignition) {
      this.s.engineSeconds += dt;
      if (this.trip.v < 0.5) this.burn((p.idleLitresPerHour * dt) / 3600);
      this.randomEvents(dt);
    }
    if (this.s.panic && this.t >= this.panicUntil) this.setPanic(false);
    if (this.s.faults.length > 0 && this.t >= this.faultUntil) this.clearFaults();
    if (chance(this.rng, dt / 30)) this.s.gsm = this.walk(this.s.gsm, 1, 5);
    if (chance(this.rng, dt / 20)) this.s.satellites = this.walk(this.s.satellites, 6, 16);
    this.s.hdop = 0.7 + 4 / this.s.satellites;
    this.updatePosition();
  }

  private drive(dt: number): void {
    const { moved, arrival } = this.trip.drive(dt);
    this.s.odometerM += moved;
    this.burn((moved * this.profile.litresPer100Km) / 100_000);
    if (arrival) this.arrive(arrival);
  }

  private arrive(arrival: Arrival): void {
    const p = this.profile;
    if (arrival.kind === 'halt') {
      this.enter('halt', arrival.seconds);
    } else if (arrival.kind === 'stop') {
      this.enter('working', this.minutes(this.opts.workMinutes, [2, 6]));
      if (p.pto) this.setPto([true, chance(this.rng, 0.5)]);
      else if (p.engine) this.setIgnition(false);
    } else {
      if (p.engine) this.setIgnition(false);
      this.enter('parked', this.minutes(this.opts.depotMinutes, [4, 15]));
      this.trip.restart();
      if (p.engine && this.s.fuelLitres < p.tankLitres * 0.3) {
        this.s.fuelLitres = p.tankLitres;
        this.events.push(this.record(this.t, IO.CAN_FUEL_LEVEL_L, PRIORITY.high));
      }
    }
  }

  private finishWork(): void {
    if (this.profile.pto) this.setPto([false, false]);
    else if (this.profile.engine) this.setIgnition(true);
    this.enter('moveoff', uniform(this.rng, 10, 40));
  }

  private randomEvents(dt: number): void {
    const hours = dt / 3600;
    if (!this.s.panic && chance(this.rng, (this.opts.panicPerHour ?? 0.05) * hours)) {
      this.panicUntil = this.t + uniform(this.rng, 2, 6) * 1000;
      this.setPanic(true);
    }
    if (this.s.faults.length === 0 && chance(this.rng, (this.opts.faultPerHour ?? 0.05) * hours)) {
      const fault = J1939_FAULTS[Math.floor(this.rng() * J1939_FAULTS.length)] ?? J1939_FAULTS[0];
      if (fault) this.s.faults = [{ spn: fault.spn, fmi: fault.fmi }];
      this.faultUntil = this.t + uniform(this.rng, 10, 60) * 60_000;
      this.events.push(this.record(this.t, IO.FAULT_CODES, PRIORITY.high));
    }
  }

  /** Faults gone: one event record carries an empty IO 281, the list that ends the server's fault episodes. */
  private clearFaults(): void {
    this.s.faults = [];
    this.events.push(this.record(this.t, IO.FAULT_CODES, PRIORITY.high));
  }

  private setIgnition(on: boolean): void {
    if (this.s.ignition === on) return;
    this.s.ignition = on;
    this.events.push(this.record(this.t, IO.IGNITION, PRIORITY.high));
  }

  private setPto(pto: readonly [boolean, boolean]): void {
    const changed = pto[0] !== this.s.pto[0] ? PTO_DIN_IOS[0] : PTO_DIN_IOS[1];
    this.s.pto = [pto[0], pto[1]];
    this.events.push(this.record(this.t, changed, PRIORITY.high));
  }

  private setPanic(on: boolean): void {
    this.s.panic = on;
    this.events.push(this.record(this.t, PANIC_DIN_IO, on ? PRIORITY.panic : PRIORITY.high));
  }

  /** Fuel taken from the parked vehicle (fuel-io.ts): reported at once, as a CAN fuel level event. */
  private drain(litres: number): void {
    if (litres <= 0) return;
    this.s.fuelLitres = Math.max(0, this.s.fuelLitres - litres);
    this.events.push(this.record(this.t, IO.CAN_FUEL_LEVEL_L, PRIORITY.high));
  }

  private burn(litres: number): void {
    if (!this.profile.engine) return;
    this.s.fuelLitres = Math.max(0, this.s.fuelLitres - litres);
    this.s.fuelUsedLitres += litres;
  }

  private enter(phase: Phase, seconds: number): void {
    this.phase = phase;
    this.phaseEnd = this.t + seconds * 1000;
  }

  /** A random step of -1, 0 or +1, kept within [min, max]. */
  private walk(value: number, min: number, max: number): number {
    return Math.max(min, Math.min(max, value + Math.round(uniform(this.rng, -1.4, 1.4))));
  }

  private minutes(range: readonly [number, number] | undefined, fallback: readonly [number, number]): number {
    const [min, max] = range ?? fallback;
    return uniform(this.rng, min, max) * 60;
  }

  private updatePosition(): void {
    const pos = positionAt(this.route, this.trip.d);
    this.s.lat = pos.lat;
    this.s.lon = pos.lon;
    if (this.trip.v > 0.3) this.heading = pos.heading;
    this.s.heading = this.heading;
    this.s.speedKmh = Math.round(this.trip.v * 3.6);
    // Ground rises westward (Wakefield ~40 m, Leeds ~70 m, Bradford ~130 m) with gentle hills.
    this.s.altitude = 40 + 300 * Math.max(0, -pos.lon - 1.45) + 12 * Math.sin(this.trip.d / 900);
  }

  private record(t: number, eventIoId: number, priority: number): AvlRecord {
    this.updatePosition();
    this.s.noise = this.noise();
    this.s.fuelReading = this.fuel.read(this.s.fuelLitres, this.s.speedKmh, t);
    return withEcoIo(buildRecord(this.profile, this.s, t, eventIoId, priority), this, this.opts.seed);
  }
}
