import {
  decodeQueclink, encodeQueclinkHeartbeatSack, encodeQueclinkSack, type QueclinkMessage, QueclinkFramer,
} from '@fleet/protocols';
import dgram from 'node:dgram';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PROFILES } from './profiles.ts';
import { QueclinkDevice } from './queclink-device.ts';
import { routeById } from './routes/index.ts';
import { waitFor } from './testing/fake-server.ts';
import { Vehicle } from './vehicle.ts';

const IMEI = '862894020180553';

/** A server that decodes every message with the real decoder and SACKs it, unless told to stay silent. */
function fakeServer(transport: 'tcp' | 'udp', silentFirst = 0) {
  const messages: { text: string; message: QueclinkMessage }[] = [];
  let silent = silentFirst;
  const answer = (text: string, reply: (s: string) => void) => {
    const message = decodeQueclink(text);
    messages.push({ text, message });
    if (silent > 0) { silent--; return; }
    if (message.kind === 'report') reply(encodeQueclinkSack(message.countNumber));
    if (message.kind === 'heartbeat') reply(encodeQueclinkHeartbeatSack(message.protocolVersion, message.countNumber));
  };
  if (transport === 'udp') {
    const s = dgram.createSocket('udp4');
    s.on('message', (m, r) => answer(m.toString('latin1'), (x) => s.send(x, r.port, r.address)));
    return {
      messages, connections: () => 0,
      listen: () => new Promise<number>((res) => s.bind(0, '127.0.0.1', () => res(s.address().port))),
      close: () => new Promise<void>((res) => s.close(() => res())),
    };
  }
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((sock) => {
    connections++;
    sockets.add(sock);
    const framer = new QueclinkFramer();
    sock.on('data', (c) => { for (const m of framer.push(c)) answer(m.toString('latin1'), (x) => sock.write(x)); });
    sock.on('error', () => {});
  });
  return {
    messages, connections: () => connections,
    listen: () => new Promise<number>((res) => server.listen(0, '127.0.0.1', () => res((server.address() as net.AddressInfo).port))),
    close: () => new Promise<void>((res) => { server.close(() => res()); for (const s of sockets) s.destroy(); }),
  };
}

let device: QueclinkDevice | undefined;
let server: ReturnType<typeof fakeServer> | undefined;
afterEach(async () => {
  await device?.stop();
  await server?.close();
  device = undefined;
  server = undefined;
});

async function setup(transport: 'tcp' | 'udp', opts: { silentFirst?: number; heartbeatMs?: number; intervalMs?: number } = {}) {
  server = fakeServer(transport, opts.silentFirst);
  const port = await server.listen();
  const vehicle = new Vehicle({ route: routeById('leeds-west-ring'), profile: PROFILES.pto, seed: 7, startMs: Date.now(), start: { phase: 'driving', at: 0.3 } });
  device = new QueclinkDevice({
    imei: IMEI, host: '127.0.0.1', port, transport, intervalMs: opts.intervalMs ?? 20, source: vehicle,
    ackTimeoutMs: 300, backoffMs: { initial: 20, max: 50 }, heartbeatMs: opts.heartbeatMs ?? 0,
  });
  device.start();
  return { server, device };
}

describe('QueclinkDevice', () => {
  it('sends GV300 GTFRI reports the decoder reads, one at a time, each after its SACK', async () => {
    const { server, device } = await setup('tcp');
    await waitFor(() => server.messages.length >= 4, 5000, 'four reports');
    const reports = server.messages.map((m) => m.message).filter((m) => m.kind === 'report');
    expect(reports[0]).toMatchObject({ type: 'GTFRI', imei: IMEI, family: 'GV300', buffered: false });
    expect(reports.map((r) => r.countNumber).slice(0, 3)).toEqual(['0000', '0001', '0002']);
    await waitFor(() => device.stats().acked >= 3, 2000, 'acks counted');
  });

  it('sends a message again with the same count when its SACK does not come', async () => {
    const { server, device } = await setup('tcp', { silentFirst: 1 });
    await waitFor(() => server.messages.length >= 3, 5000, 'a resend');
    expect(server.messages[1]?.text).toBe(server.messages[0]?.text);
    expect(device.stats().resent).toBeGreaterThan(0);
    expect(server.connections()).toBeGreaterThan(1);
    // Reports made while it was reconnecting arrive as +BUFF.
    await waitFor(() => server.messages.some((m) => m.message.kind === 'report' && m.message.buffered), 5000, 'a +BUFF report');
  });

  it('sends its heartbeat when quiet and reads the +SACK:GTHBD', async () => {
    const { server, device } = await setup('tcp', { heartbeatMs: 1, intervalMs: 200 });
    await waitFor(() => server.messages.some((m) => m.message.kind === 'heartbeat'), 5000, 'a heartbeat');
    await waitFor(() => device.stats().ackTimeouts === 0 && server.messages.length >= 3, 5000, 'more messages after it');
  });

  it('speaks UDP, each message a datagram answered by its SACK', async () => {
    const { server, device } = await setup('udp');
    await waitFor(() => device.stats().acked >= 3, 5000, 'three acked over UDP');
    expect(server.messages[0]?.message).toMatchObject({ kind: 'report', type: 'GTFRI' });
  });
});
