import { CODEC_8E } from '@fleet/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { TeltonikaDevice } from './device.ts';
import { IO } from './io.ts';
import { PROFILES } from './profiles.ts';
import { routeById } from './routes/index.ts';
import { type FakeServer, type FakeServerOptions, startFakeServer, waitFor } from './testing/fake-server.ts';
import { Vehicle } from './vehicle.ts';

const IMEI = '356209089000019';
let server: FakeServer | undefined;
let device: TeltonikaDevice | undefined;

afterEach(async () => {
  await device?.stop();
  await server?.close();
  device = undefined;
  server = undefined;
});

async function setup(serverOptions: FakeServerOptions = {}, deviceOptions: { ackTimeoutMs?: number } = {}) {
  server = await startFakeServer(serverOptions);
  const vehicle = new Vehicle({
    route: routeById('leeds-west-ring'),
    profile: PROFILES.pto,
    seed: 42,
    startMs: Date.now(),
    start: { phase: 'driving', at: 0.3 },
  });
  device = new TeltonikaDevice({
    imei: IMEI,
    host: '127.0.0.1',
    port: server.port,
    intervalMs: 20,
    source: vehicle,
    recordsPerPacket: 5,
    ackTimeoutMs: deviceOptions.ackTimeoutMs ?? 2000,
    backoffMs: { initial: 20, max: 100 },
  });
  device.start();
  return { server, device, vehicle };
}

const key = (r: { timestampMs: number; eventIoId: number }) => `${r.timestampMs}/${r.eventIoId}`;

describe('TeltonikaDevice', () => {
  it('logs in and sends CRC-valid Codec 8E packets that decode to the vehicle records', async () => {
    const { server, device } = await setup();
    await waitFor(() => server.packets.length >= 3, 5000, 'three packets');
    expect(server.logins).toEqual([{ imei: IMEI, accepted: true }]);
    expect(server.errors).toEqual([]);
    const records = server.packets.flatMap((p) => p.records);
    for (const r of records) {
      expect(r.io.get(IO.IGNITION)?.value).toBe(1);
      expect(r.io.has(IO.ODOMETER)).toBe(true);
      expect(r.latitude).toBeGreaterThan(53.7);
    }
    const times = records.map((r) => r.timestampMs);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    await waitFor(() => device.stats().acked >= records.length, 2000, 'acks counted');
    const stats = device.stats();
    expect(stats).toMatchObject({ connected: true, connects: 1, resent: 0, loginRefused: 0 });
    expect(stats.sent).toBeGreaterThanOrEqual(stats.acked);
    expect(CODEC_8E).toBe(0x8e);
  });

  it('re-sends the same records after a withheld ack, on a new connection', async () => {
    const { server, device } = await setup(
      { onPacket: (_, i) => (i === 1 ? 'withhold' : 'ack') },
      { ackTimeoutMs: 150 },
    );
    await waitFor(() => server.packets.length >= 4, 5000, 'packets after the reconnect');
    const withheld = server.packets[1];
    const again = server.packets[2];
    expect(withheld?.action).toBe('withhold');
    expect(again?.connection).toBe(2);
    expect(again?.records.slice(0, withheld?.records.length).map(key)).toEqual(withheld?.records.map(key));
    const stats = device.stats();
    expect(stats.ackTimeouts).toBe(1);
    expect(stats.connects).toBe(2);
    expect(stats.resent).toBe(withheld?.records.length);
  });

  it('re-sends the same records when the server closes the connection instead of acking', async () => {
    const { server } = await setup({ onPacket: (_, i) => (i === 0 ? 'close' : 'ack') });
    await waitFor(() => server.packets.length >= 2, 5000, 'a packet after the reconnect');
    const [closed, again] = server.packets;
    expect(again?.connection).toBe(2);
    expect(again?.records.slice(0, closed?.records.length).map(key)).toEqual(closed?.records.map(key));
  });

  it('sends a keep-alive FF before its login on every re-connection, never on the first', async () => {
    const { server, device } = await setup({ onPacket: (_, i) => (i < 2 ? 'close' : 'ack') });
    await waitFor(() => server.packets.length >= 3 && device.stats().acked > 0, 5000, 'a packet acked on the third connection');
    expect(server.errors).toEqual([]);
    expect(server.logins.map((l) => l.accepted)).toEqual([true, true, true]);
    expect(server.keepalives).toEqual([{ connection: 2, beforeLogin: true }, { connection: 3, beforeLogin: true }]);
    expect(server.packets[2]?.connection).toBe(3);
  });

  it('re-sends on the same connection when the ack count is wrong', async () => {
    const { server, device } = await setup({
      onPacket: (p, i) => (i === 0 ? { ack: p.records.length - 1 } : 'ack'),
    });
    await waitFor(() => server.packets.length >= 2, 5000, 'the re-sent packet');
    const [first, second] = server.packets;
    expect(second?.connection).toBe(1);
    expect(second?.records.slice(0, first?.records.length).map(key)).toEqual(first?.records.map(key));
    expect(device.stats().resent).toBe(first?.records.length);
  });

  it('retries a refused login with backoff until it is accepted', async () => {
    const { server, device } = await setup({ accept: (_, attempt) => attempt >= 3 });
    await waitFor(() => server.packets.length >= 1, 5000, 'a packet after login');
    expect(server.logins.map((l) => l.accepted)).toEqual([false, false, true]);
    expect(device.stats()).toMatchObject({ loginRefused: 2, connects: 3 });
  });

  it('loses no record across repeated disconnects', async () => {
    const { server, device } = await setup({ onPacket: (_, i) => (i % 3 === 2 ? 'close' : 'ack') });
    await waitFor(() => server.packets.length >= 12, 8000, 'twelve packets');
    const stats = await device.stop();
    const acked = server.acked();
    const unique = new Set(acked.map(key));
    expect(stats.acked).toBe(acked.length);
    expect(unique.size).toBe(acked.length);
    expect(stats.generated).toBe(stats.acked + stats.buffered);
    expect(stats.resent).toBeGreaterThan(0);
  });

  it('answers Codec 12 commands and applies setdigout to the outputs it reports', async () => {
    const { server } = await setup();
    await waitFor(() => server.packets.length >= 1, 5000, 'login');
    for (const command of ['getinfo', 'getver', 'getgps', 'getstatus', 'setdigout 1']) {
      expect(server.sendCommand(IMEI, command)).toBe(true);
    }
    await waitFor(() => server.responses.length >= 5, 5000, 'five responses');
    const texts = server.responses.map((r) => r.text);
    expect(texts[0]).toMatch(/^RTC:\d{4}\/\d+\/\d+ .*UpTime:\d+s/);
    expect(texts[1]).toContain(`Device IMEI:${IMEI}`);
    expect(texts[2]).toMatch(/^GPS:1 Sat:\d+ Lat:53\.\d+ Long:-1\.\d+/);
    expect(texts[3]).toMatch(/^Data Link: 1 GPRS: 1/);
    expect(texts[4]).toBe('DOUT1:1 DOUT2:0 Timeout:INFINITY');
    const count = server.packets.length;
    await waitFor(() => server.packets.length >= count + 2, 5000, 'later packets');
    const latest = server.packets.at(-1)?.records.at(-1);
    expect(latest?.io.get(IO.DOUT1)?.value).toBe(1);
  });
});

describe('TeltonikaDevice history', () => {
  it('sends earlier days first, oldest first in acked packets of its own size, then goes live', async () => {
    server = await startFakeServer({ onPacket: (_, i) => (i === 1 ? 'close' : 'ack') });
    const start = Date.now();
    const past = new Vehicle({
      route: routeById('leeds-west-ring'),
      profile: PROFILES.pto,
      seed: 7,
      startMs: start - 3_600_000,
      start: { phase: 'driving', at: 0.2 },
    });
    const history = Array.from({ length: 250 }, (_, i) => past.advanceTo(start - 3_600_000 + (i + 1) * 10_000))
      .flat()
      .filter((r, i, all) => i === 0 || r.timestampMs > all[i - 1]!.timestampMs);
    const paced: number[] = [];
    let sentCalls = 0;
    device = new TeltonikaDevice({
      imei: IMEI,
      host: '127.0.0.1',
      port: server.port,
      intervalMs: 50,
      source: new Vehicle({ route: routeById('leeds-west-ring'), profile: PROFILES.pto, seed: 42, startMs: start }),
      recordsPerPacket: 5,
      historyRecordsPerPacket: 100,
      history: () => history,
      pace: async (n) => {
        paced.push(n);
      },
      onHistorySent: () => sentCalls++,
      backoffMs: { initial: 20, max: 100 },
    });
    device.start();
    await waitFor(() => sentCalls === 1 && server!.packets.length >= history.length / 100 + 3, 8000, 'history then live');
    const acked = server.acked();
    expect(acked.slice(0, history.length).map(key)).toEqual(history.map(key));
    const sizes = server.packets.map((p) => p.records.length);
    // 100 + 100 (closed, re-sent on the next connection) + 50, then live packets of at most 5.
    expect(sizes.slice(0, 4)).toEqual([100, 100, 100, history.length - 200]);
    for (const s of sizes.slice(4)) expect(s).toBeLessThanOrEqual(5);
    expect(acked[history.length]!.timestampMs).toBeGreaterThanOrEqual(start);
    // Paced once per packet sent for the first time; the re-send after the close is not paced again.
    expect(paced).toEqual([100, 100, history.length - 200]);
    expect(sentCalls).toBe(1);
  });
});
