import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { busUrl, createBus, defineTopic, topics } from './index.ts';

const log = { warn: () => undefined };

describe('createBus', () => {
  it('is in-process without a url, Redis for redis:// and rediss://', async () => {
    expect(busUrl(undefined)).toBe('memory');
    expect(busUrl('  ')).toBe('memory');
    expect(busUrl('redis://127.0.0.1:6379')).toBe('redis');
    expect(busUrl('rediss://user:secret@cache.example:6380/2')).toBe('redis');
    const bus = createBus({ log });
    expect(bus.kind).toBe('memory');
    await bus.close();
  });

  it('refuses any other url, saying what it accepts', () => {
    expect(() => createBus({ url: 'nats://127.0.0.1:4222', log })).toThrow("The bus url 'nats://127.0.0.1:4222' is not supported: leave it empty for the in-process bus, or give redis://host:port (rediss:// for TLS).");
    expect(() => createBus({ url: 'http://127.0.0.1:6379', log })).toThrow(/not supported.*redis:\/\/host:port/);
    // Never the password in a message that may end up in a log.
    expect(() => createBus({ url: 'nats://bus:s3cret@127.0.0.1:4222', log })).toThrow("The bus url 'nats://***@127.0.0.1:4222' is not supported");
    expect(() => createBus({ url: 'redis', log })).toThrow("The bus url 'redis' is not a url: leave it empty for the in-process bus, or give redis://host:port (rediss:// for TLS).");
  });
});

describe('topics', () => {
  it('takes a name that can be part of a Redis key, and a sane maxLen', () => {
    expect(defineTopic('fuel-drops', z.number(), { maxLen: 50 })).toMatchObject({ name: 'fuel-drops', maxLen: 50 });
    expect(() => defineTopic('Fuel drops', z.number())).toThrow("A bus topic's name is lower-case letters, digits and '-', starting with a letter (at most 63): got 'Fuel drops'.");
    expect(() => defineTopic('a:b', z.number())).toThrow(/got 'a:b'/);
    expect(() => defineTopic('x', z.number(), { maxLen: 0 })).toThrow("Topic 'x': maxLen must be a whole number of at least 1, got 0.");
  });

  it('check what arrives against what the server sends today', () => {
    const position = { unitId: 3, siteId: 1, deviceTimeMs: 1_764_000_000_000, lat: 53.8, lon: -1.55, speed: 42, angle: 270, ignition: null, panic: false, pto1: false, pto2: true };
    expect(topics.positions.schema.safeParse([position]).success).toBe(true);
    expect(topics.positions.schema.safeParse([{ ...position, lat: '53.8' }]).success).toBe(false);
    expect(topics.positions.schema.safeParse(position).success).toBe(false);
    expect(topics.stateChanges.schema.safeParse([{ unitId: 3, siteId: 1 }, { unitId: 4, siteId: 1, announced: false }]).success).toBe(true);
    const alert = { aid: 9, kind: 'panic', event: 'panic', siteId: 1, unitId: 3, poiId: null, happenedAt: '2026-11-25T00:00:00.000Z', lat: 53.8, lon: -1.55, detail: '' };
    expect(topics.alertsRaised.schema.safeParse([alert]).success).toBe(true);
    expect(topics.alertsRaised.schema.safeParse([{ ...alert, kind: 'meteor' }]).success).toBe(false);
    expect(topics.alertsCleared.schema.safeParse([{ id: '12', kind: 'geofence', unit_id: 3, site_id: 1 }]).success).toBe(true);
    expect(topics.alertsCleared.schema.safeParse([{ id: 12, kind: 'geofence', unit_id: 3, site_id: 1 }]).success).toBe(false);
    expect(topics.debugFrames.schema.safeParse({ uid: 3, at: '2026-11-25T00:00:00.000Z', direction: 'in', kind: 'codec8', hex: '00ff', decoded: { records: 1 } }).success).toBe(true);
    expect(topics.debugFrames.schema.safeParse({ uid: 3, at: 'x', direction: 'sideways', kind: 'codec8', hex: '', decoded: null }).success).toBe(false);
    expect(topics.sessionsEnded.schema.safeParse({ ids: [1], reason: 'idle' }).success).toBe(true);
    expect(topics.siteMessages.schema.safeParse({ siteId: 0, message: 'x' }).success).toBe(false);
  });
});
