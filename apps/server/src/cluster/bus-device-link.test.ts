import { EventEmitter } from 'node:events';
import type pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type Bus, memoryBus } from '../bus/index.ts';
import { CommandRegistry, type CommandChannel } from '../ingest/commands.ts';
import { FrameLog } from '../ingest/frame-log.ts';
import { IngestStats } from '../ingest/ingest-stats.ts';
import type { DeviceSide } from '../ingest/ingest.ts';
import type { LivePosition } from '../modules/units/index.ts';
import { busDeviceLink } from './bus-device-link.ts';
import { ingestOnBus } from './ingest-node.ts';

const log = pino({ level: 'silent' });
const tick = () => new Promise((r) => setTimeout(r, 5));

/** An ingest node's device side without listeners: the parts the bus wiring reads, real where they are plain objects. */
function fakeSide() {
  const forgotten: Array<string | undefined> = [];
  const stored = new Set<() => void>();
  const side = {
    positionEvents: new EventEmitter<{ positions: [LivePosition[]] }>(),
    frames: new FrameLog(),
    udpReplies: new EventEmitter<{ reply: [number, string] }>(),
    answerUdpReply: () => false,
    commands: new CommandRegistry(),
    stats: new IngestStats(),
    directory: { forget: (deviceId?: string) => void forgotten.push(deviceId) },
    listening: () => true,
    onStored(l: () => void) {
      stored.add(l);
      return () => void stored.delete(l);
    },
  };
  return { side: side as unknown as DeviceSide, raw: side, forgotten, commit: () => { for (const l of stored) l(); } };
}

/** A device connection that answers a command with `reply`, counting what it was sent. */
function channel(reply: (text: string) => Promise<string>) {
  const sent: string[] = [];
  const closed: string[] = [];
  const c: CommandChannel = {
    sendCommand: (text) => {
      sent.push(text);
      return reply(text);
    },
    close: (reason) => void closed.push(reason),
  };
  return { c, sent, closed };
}

describe('the api reaching the device side over the bus', () => {
  let bus: Bus;
  const stops: Array<() => void> = [];
  afterEach(async () => {
    for (const s of stops.splice(0)) s();
    await bus.close();
  });

  function cluster() {
    bus = memoryBus(log);
    const a = fakeSide();
    const b = fakeSide();
    const ingestA = ingestOnBus(bus, a.side, { node: 'ingest-a', log });
    const ingestB = ingestOnBus(bus, b.side, { node: 'ingest-b', log });
    const link = busDeviceLink(bus, { node: 'api-1', pool: {} as pg.Pool, log });
    stops.push(() => ingestA.stop(), () => ingestB.stop(), () => link.stop());
    return { a, b, ingestA, ingestB, link };
  }

  it('sends a command to the node holding the device, only there, and brings its answer back', async () => {
    const { a, b, link } = cluster();
    const onA = channel(async () => 'from A');
    const onB = channel(async (t) => `B did ${t}`);
    a.raw.commands.register(7, onA.c);
    await tick();
    // The device moved: B's connection is the newer one; A's lingers.
    b.raw.commands.register(7, onB.c);
    await tick();
    expect(link.isOnline(7)).toBe(true);
    await expect(link.send(7, 'getver', 1000)).resolves.toBe('B did getver');
    expect(onB.sent).toEqual(['getver']);
    expect(onA.sent).toEqual([]);
  });

  it('refuses at once a unit no node holds, and passes on the device side\'s refusal in its words', async () => {
    const { a, link } = cluster();
    await expect(link.send(8, 'getver', 1000)).rejects.toThrow('offline');
    const busy = channel(() => Promise.reject(new Error('busy')));
    a.raw.commands.register(8, busy.c);
    await tick();
    await expect(link.send(8, 'getver', 1000)).rejects.toThrow('busy');
    a.raw.commands.unregister(8, busy.c);
    await tick();
    expect(link.isOnline(8)).toBe(false);
  });

  it('keeps the newer node as the address when the old connection closes after the move', async () => {
    const { a, b, link } = cluster();
    const onA = channel(async () => 'A');
    const onB = channel(async () => 'B');
    a.raw.commands.register(9, onA.c);
    await tick();
    b.raw.commands.register(9, onB.c);
    await tick();
    a.raw.commands.unregister(9, onA.c);
    await tick();
    expect(link.isOnline(9)).toBe(true);
    await expect(link.send(9, 'x', 1000)).resolves.toBe('B');
  });

  it('gathers a unit\'s recent frames from every ingest node, in time order', async () => {
    const { a, b, ingestA, ingestB, link } = cluster();
    // The api learns of the ingest nodes from their heartbeats.
    ingestA.announce();
    ingestB.announce();
    await tick();
    a.raw.frames.add(5, 'in', 'login', Buffer.from('01', 'hex'), () => 'first');
    await new Promise((r) => setTimeout(r, 3));
    b.raw.frames.add(5, 'in', 'avl', Buffer.from('02', 'hex'), () => 'second');
    const frames = await link.recentFrames(5);
    expect(frames.map((f) => f.decoded)).toEqual(['first', 'second']);
    expect(await link.recentFrames(6)).toEqual([]);
  });

  it('streams the frames of a unit only while a debugger here watches it', async () => {
    const { a, link } = cluster();
    const got: unknown[] = [];
    stops.push(link.onFrame((f) => void got.push(f.decoded)));
    a.raw.frames.add(3, 'in', 'avl', Buffer.from('00', 'hex'), () => 'unwatched');
    link.watchFrames(3);
    await tick();
    a.raw.frames.add(3, 'in', 'avl', Buffer.from('00', 'hex'), () => 'watched');
    await tick();
    link.unwatchFrames(3);
    await tick();
    a.raw.frames.add(3, 'in', 'avl', Buffer.from('00', 'hex'), () => 'after');
    await tick();
    expect(got).toEqual(['watched']);
  });

  it('adds up the ingest nodes\' counters and forgets a node that says its listeners closed', async () => {
    const { a, b, ingestA, ingestB, link } = cluster();
    a.raw.stats.connectionsOpen = 3;
    a.raw.stats.recordsAccepted = 100;
    b.raw.stats.connectionsOpen = 2;
    b.raw.stats.recordsAccepted = 50;
    a.raw.commands.register(11, channel(async () => '').c);
    ingestA.announce();
    ingestB.announce();
    await tick();
    expect(link.stats()).toMatchObject({ connectionsOpen: 5, recordsAccepted: 150 });
    a.raw.listening = () => false;
    ingestA.announce();
    await tick();
    expect(link.stats()).toMatchObject({ connectionsOpen: 2, recordsAccepted: 50 });
    expect(link.isOnline(11)).toBe(false);
  });

  it('knows where each device is as soon as it starts, without waiting for a heartbeat', async () => {
    bus = memoryBus(log);
    const a = fakeSide();
    const ingestA = ingestOnBus(bus, a.side, { node: 'ingest-a', log, beaconMs: 60_000 });
    a.raw.commands.register(21, channel(async () => 'here').c);
    await tick();
    // An api node that starts after the device connected (it missed the presence message).
    const late = busDeviceLink(bus, { node: 'api-late', pool: {} as pg.Pool, log, beaconMs: 60_000 });
    stops.push(() => ingestA.stop(), () => late.stop());
    expect(late.isOnline(21)).toBe(false);
    await late.start();
    await tick();
    expect(late.isOnline(21)).toBe(true);
    await expect(late.send(21, 'getver', 1000)).resolves.toBe('here');
  });

  it('answers readiness for its own device listeners: its side\'s, its ingest processes\', or none (an api-only node)', async () => {
    bus = memoryBus(log);
    const a = fakeSide();
    let workersUp = false;
    const withSide = busDeviceLink(bus, { node: 'all-in-one', pool: {} as pg.Pool, log, local: { side: a.side } });
    const primary = busDeviceLink(bus, { node: 'primary', pool: {} as pg.Pool, log, local: { listening: () => workersUp } });
    const apiOnly = busDeviceLink(bus, { node: 'api-only', pool: {} as pg.Pool, log });
    stops.push(() => withSide.stop(), () => primary.stop(), () => apiOnly.stop());
    expect(withSide.listening()).toBe(true);
    a.raw.listening = () => false;
    expect(withSide.listening()).toBe(false);
    expect(primary.listening()).toBe(false);
    workersUp = true;
    expect(primary.listening()).toBe(true);
    expect(apiOnly.listening()).toBe(true);
  });

  it('passes committed positions on and tells the ingest nodes which device id to look up again', async () => {
    const { a, b, link } = cluster();
    const seen: number[] = [];
    stops.push(link.onPositions((list) => { for (const p of list) seen.push(p.unitId); }));
    a.raw.positionEvents.emit('positions', [{ unitId: 4, siteId: 1, deviceTimeMs: 1, lat: 53, lon: -1.5, speed: 0, angle: 0, ignition: true, panic: false, pto1: false, pto2: false }]);
    link.forget('356209089000001');
    await tick();
    expect(seen).toEqual([4]);
    expect(a.forgotten).toEqual(['356209089000001']);
    expect(b.forgotten).toEqual(['356209089000001']);
  });
});
