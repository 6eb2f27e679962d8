/** True when the user asked for less motion: no pulsing, no camera glides. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** Camera move length: short glides help the eye follow, none when motion is reduced. */
export function cameraMs(ms = 400): number {
  return prefersReducedMotion() ? 0 : ms;
}
