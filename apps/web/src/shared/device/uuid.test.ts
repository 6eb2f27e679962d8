import { describe, expect, it } from 'vitest';
import { uuidV4 } from './uuid.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidV4', () => {
  it('makes a version 4 uuid, also where randomUUID is missing (plain http)', () => {
    expect(uuidV4()).toMatch(V4);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true, writable: true });
    const made = new Set(Array.from({ length: 50 }, uuidV4));
    expect(made.size).toBe(50);
    for (const u of made) expect(u).toMatch(V4);
    Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true, writable: true });
  });
});
