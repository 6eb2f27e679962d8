import { describe, expect, it } from 'vitest';
import { isMobileUserAgent } from './device.ts';

describe('isMobileUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 0, true],
    ['Mozilla/5.0 (Linux; Android 14; SM-T220) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 5, true],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      5,
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
      0,
      false,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126.0 Safari/537.36', 0, false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 10, false],
  ])('%s (touch %s) -> %s', (ua, touch, expected) => expect(isMobileUserAgent(ua, touch)).toBe(expected));
});
