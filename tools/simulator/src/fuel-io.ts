import { chance, type Rng, uniform } from './rng.ts';

/**
 * The CAN fuel level sensor as a real one reads (issue 16, the fuel monitor): the fuel sloshes
 * ±3–5 % of the tank while the vehicle brakes, accelerates and corners, settling within a minute
 * of stopping; the reading has noise (σ about 0.5 %); and now and then fuel is taken from a parked
 * vehicle (a theft drop) so the monitor has drops to find. Refuels are the vehicle's own (at the
 * depot when low). Its own PRNG, so the rest of the simulation keeps its sequence.
 */
export class FuelSensor {
  private slosh = 0;
  private lastSpeed = 0;
  private lastT: number | null = null;

  constructor(private readonly rng: Rng, private readonly tankLitres: number, private readonly theftPerParkedHour = 0.15) {}

  /** The level the sensor reports at time t (ms) for the true level and speed, in litres. */
  read(trueLitres: number, speedKmh: number, t: number): number {
    const dt = this.lastT === null ? 1 : Math.max(0.001, (t - this.lastT) / 1000);
    this.lastT = t;
    const accel = (speedKmh - this.lastSpeed) / Math.max(1, dt);
    this.lastSpeed = speedKmh;
    if (speedKmh > 3) {
      // Braking and accelerating throw the fuel about; cornering adds a random push.
      const push = accel * 0.012 + (this.rng() - 0.5) * 0.06;
      this.slosh = Math.max(-0.05, Math.min(0.05, this.slosh * 0.4 + push));
    } else {
      this.slosh *= Math.exp(-dt / 20);
    }
    const noise = (this.rng() + this.rng() + this.rng() - 1.5) * 0.01;
    const litres = trueLitres + (this.slosh + noise) * this.tankLitres;
    return Math.max(0, Math.min(this.tankLitres, litres));
  }

  /** Litres taken from a parked vehicle over dt seconds: rarely, 8–12 % of the tank (at least 25 l). */
  theft(dtS: number, trueLitres: number): number {
    if (!chance(this.rng, (this.theftPerParkedHour * dtS) / 3600)) return 0;
    return Math.min(trueLitres * 0.8, Math.max(25, uniform(this.rng, 0.08, 0.12) * this.tankLitres));
  }
}
