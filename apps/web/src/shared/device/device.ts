const MOBILE_UA =
  /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|KFAPWI|BlackBerry|BB10|IEMobile|Opera Mini|webOS/i;

/** True for phone and tablet browsers, including iPadOS which reports itself as a Mac with touch. */
export function isMobileUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  if (MOBILE_UA.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/** Evaluated once: a device does not change between phone and desktop while the app runs. */
export const IS_MOBILE_DEVICE =
  typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent, navigator.maxTouchPoints ?? 0);
