import net from 'node:net';
import { decodeGt06Frame, encodeGt06Command, encodeGt06Reply, GT06, Gt06Framer, type Gt06Message } from '@fleet/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { Gt06Device } from './gt06-device.ts';
import { PROFILES } from './profiles.ts';
import { routeById } from './routes/index.ts';
import { waitFor } from './testing/fake-server.ts';
import { Vehicle } from './vehicle.ts';

const IMEI = '356209089000027';

/** A GT06 server that answers login, heartbeats and alarms as the manual says, and keeps what it got. */
async function gt06Server(opts: { known?: boolean } = {}) {
  const got: Gt06Message[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const framer = new Gt06Framer();
    socket.on('data', (chunk: Buffer) => {
      for (const f of framer.push(chunk)) {
        const m = decodeGt06Frame(f);
        got.push(m);
        if (m.type === 'login' && !opts.known) continue;
        if ([GT06.login, GT06.heartbeat, GT06.alarm26].includes(m.protocol as 1)) socket.write(encodeGt06Reply(m.protocol, m.serial));
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port, got, sockets,
    close: () => new Promise<void>((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  };
}

let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

function device(port: number, panicPerHour = 0) {
  const vehicle = new Vehicle({ route: routeById('leeds-west-ring'), profile: PROFILES.van, seed: 7, startMs: Date.now(), start: { phase: 'driving', at: 0.3 }, panicPerHour });
  const d = new Gt06Device({ imei: IMEI, host: '127.0.0.1', port, intervalMs: 20, source: vehicle, heartbeatMs: 100, ackTimeoutMs: 2000, loginTimeoutMs: 300, backoffMs: { initial: 20, max: 100 } });
  d.start();
  cleanup.push(() => d.stop());
  return { d, vehicle };
}

describe('Gt06Device', () => {
  it('logs in, sends 0x22 locations, and counts them acknowledged once a later heartbeat is answered', async () => {
    const s = await gt06Server({ known: true });
    cleanup.push(s.close);
    const { d } = device(s.port);
    await waitFor(() => d.stats().acked >= 5, 5000, 'five records confirmed');
    expect(s.got[0]).toMatchObject({ type: 'login', imei: IMEI });
    const locations = s.got.filter((m) => m.type === 'location');
    expect(locations.length).toBeGreaterThanOrEqual(5);
    expect(locations[0]).toMatchObject({ protocol: 0x22, gps: { positioned: true }, cell: { mcc: 234 } });
    expect(s.got.some((m) => m.type === 'heartbeat')).toBe(true);
    expect(d.stats()).toMatchObject({ connected: true, loginRefused: 0 });
  });

  it('retries a login the server does not answer', async () => {
    const s = await gt06Server({ known: false });
    cleanup.push(s.close);
    const { d } = device(s.port);
    await waitFor(() => d.stats().loginRefused >= 2, 5000, 'two refused logins');
    expect(s.got.filter((m) => m.type === 'location')).toHaveLength(0);
  });

  it('sends an SOS alarm 0x26 when the panic button goes on, and answers an online command', async () => {
    const s = await gt06Server({ known: true });
    cleanup.push(s.close);
    const { d, vehicle } = device(s.port, 50_000);
    await waitFor(() => s.got.some((m) => m.type === 'alarm'), 10_000, 'an SOS alarm');
    expect(s.got.find((m) => m.type === 'alarm')).toMatchObject({ protocol: 0x26, alarmCode: 1, alarm: 'sos' });
    for (const sock of s.sockets) sock.write(encodeGt06Command('DYD,000000#', 77, 1));
    await waitFor(() => s.got.some((m) => m.type === 'commandReply'), 5000, 'the command answer');
    expect(s.got.find((m) => m.type === 'commandReply')).toMatchObject({ protocol: 0x21, serverFlag: 77, text: 'Cut off the fuel supply: Success!' });
    expect(vehicle.snapshot().outputs[0]).toBe(true);
    expect(d.stats().commands).toBe(1);
  });
});
