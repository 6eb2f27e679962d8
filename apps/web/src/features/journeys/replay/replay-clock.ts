/**
 * The replay's one moment in time, outside React: the map marker and the chart cursor listen to it
 * directly, so scrubbing at 60 frames a second re-renders only the few controls that show the time.
 */
export interface ReplayClock {
  get(): number;
  set(time: number): void;
  subscribe(listener: (time: number) => void): () => void;
  readonly min: number;
  readonly max: number;
}

export function createClock(min: number, max: number, start: number): ReplayClock {
  const clamp = (t: number) => Math.min(max, Math.max(min, t));
  let now = clamp(start);
  const listeners = new Set<(time: number) => void>();
  return {
    min,
    max,
    get: () => now,
    set(time) {
      const next = clamp(Math.round(time));
      if (next === now || Number.isNaN(next)) return;
      now = next;
      for (const l of listeners) l(now);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Playback rates offered: a day at 256x passes in under six minutes. */
export const RATES = [1, 4, 16, 64, 256] as const;
export type Rate = (typeof RATES)[number];

/**
 * Plays the clock forward at `rate` times real time, one step a frame, until it reaches the end
 * (then calls `onEnd`) or the returned stop function is called.
 */
export function play(clock: ReplayClock, rate: number, onEnd: () => void): () => void {
  let last = performance.now();
  let frame = requestAnimationFrame(function step(now) {
    const elapsed = Math.min(now - last, 250);
    last = now;
    clock.set(clock.get() + elapsed * rate);
    if (clock.get() >= clock.max) {
      onEnd();
      return;
    }
    frame = requestAnimationFrame(step);
  });
  return () => cancelAnimationFrame(frame);
}
