import { DEFAULT_IO_MAP } from '@fleet/protocols';
import { IO_MAP_DEFAULTS, ioMapSchema } from '@fleet/shared';
import { describe, expect, it } from 'vitest';

describe('the IO mapping editor\'s meanings', () => {
  it('are the device side\'s, with the same defaults', () => {
    expect(IO_MAP_DEFAULTS).toEqual(DEFAULT_IO_MAP);
  });
  it('accept element ids 0 to 65535 for known meanings only', () => {
    expect(ioMapSchema.safeParse({ ignition: 0, rpm: 65_535 }).success).toBe(true);
    expect(ioMapSchema.safeParse({ ignition: 65_536 }).success).toBe(false);
    expect(ioMapSchema.safeParse({ colour: 1 }).success).toBe(false);
  });
});
