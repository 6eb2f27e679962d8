import {
  CODEC_8E, crc16Ibm, decodeUdpAck, decodeUdpMessage, encodeCodec13, encodeUdpCodec12, encodeUdpDatagram,
} from '@fleet/protocols';
import type { SessionUser } from '@fleet/shared';
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { record, TestDevice } from '../../test/device-client.ts';

/** Teltonika as devices behave in the field: keep-alive before login, Codec 13, unsupported codecs, commands over UDP. */
let t: TestApp;
let ops: SessionUser;
let units: { id: number; device_id: string }[];
beforeAll(async () => {
  t = await createTestApp({ commandTimeoutMs: 3000 });
  ops = await t.login('ops.leeds@aire-valley.example');
  const res = await t.database.pool.query(
    `SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id IN (1, 2) ORDER BY id LIMIT 4`, [ops.siteid]);
  units = res.rows;
});
afterAll(async () => { await t.close(); });

const port = () => t.ingest.ports.teltonika;
const unit = (i: number) => units[i] as { id: number; device_id: string };
const count = async (unitId: number) =>
  Number((await t.database.pool.query('SELECT count(*) FROM positions WHERE unit_id = $1', [unitId])).rows[0].count);

/** A CRC-valid TCP packet around any data field (codec id … second count). */
function envelope(data: Buffer): Buffer {
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 4);
  data.copy(out, 8);
  out.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return out;
}

/** Reads one whole TCP frame (header, data, CRC) the server sent. */
async function readFrame(d: TestDevice): Promise<Buffer> {
  const head = await d.read(8, 10_000);
  if (!head) throw new Error('no frame arrived');
  const rest = await d.read(head.readUInt32BE(4) + 4);
  if (!rest) throw new Error('frame cut short');
  return Buffer.concat([head, rest]);
}

describe('Teltonika TCP in the field', () => {
  it('logs in a device that sends its keep-alive before the IMEI, ACKs its packet and stores the position', async () => {
    const u = unit(0);
    const before = await count(u.id);
    const d = await TestDevice.connect(port());
    d.write(Buffer.from([0xff]));
    expect(await d.login(u.device_id)).toBe(1);
    d.write(Buffer.from([0xff]));
    expect(await d.send([record(500)])).toBe(1);
    expect(await count(u.id)).toBe(before + 1);
    d.close();
  });

  it('answers an unsupported data packet with ACK 0, ignores a command codec, and stores the packet after them', async () => {
    const u = unit(1);
    const before = await count(u.id);
    const d = await TestDevice.connect(port());
    expect(await d.login(u.device_id)).toBe(1);
    // Vendor Codec 15 message (a command codec: never answered), then a data packet of codec 0x99.
    d.write(Buffer.from('000000000000001b0f010b00000013654b65a4012345678912345648656c6c6f210a01000093d6', 'hex'));
    d.write(envelope(Buffer.from('99010203040501', 'hex')));
    expect((await d.read(4))?.readUInt32BE(0)).toBe(0);
    expect(await d.send([record(510), record(511)])).toBe(2);
    expect(d.closed).toBe(false);
    expect(await count(u.id)).toBe(before + 2);
    const kinds = t.ingest.frames.recent(u.id).map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['unsupported codec 0x0F', 'unsupported codec 0x99']));
    d.close();
  });

  it('gives a pending command the Codec 13 message that answers it, and keeps an unsolicited one in the debugger', async () => {
    const u = unit(2);
    const d = await TestDevice.connect(port());
    expect(await d.login(u.device_id)).toBe(1);
    d.write(encodeCodec13({ timestampMs: Date.UTC(2026, 10, 24, 9), text: 'driver 01A2B3C4D5E6F700' }));
    expect(await d.send([record(520)])).toBe(1);
    expect(t.ingest.frames.recent(u.id).find((f) => f.kind === 'codec13')?.decoded).toMatchObject({ text: 'driver 01A2B3C4D5E6F700' });
    const answer = t.call('GET', `sendfmscommand?uid=${u.id}&cmd=getinfo&cmddesc=info`, { token: ops.token });
    const command = await readFrame(d);
    expect(command.subarray(15, 22).toString('latin1')).toBe('getinfo');
    d.write(encodeCodec13({ timestampMs: Date.UTC(2026, 10, 24, 9, 1), text: 'RTC:2026/11/24 9:01' }));
    expect((await answer).json()).toEqual({ ok: 1, reply: 'RTC:2026/11/24 9:01' });
    d.close();
  });
});

describe('Teltonika UDP commands', () => {
  it('sends a command to the address of the last datagram and takes the Codec 12 reply from UDP', async () => {
    const u = unit(3);
    const sock = dgram.createSocket('udp4');
    const inbox: Buffer[] = [];
    const waiters: Array<() => void> = [];
    sock.on('message', (m) => { inbox.push(m); for (const w of waiters.splice(0)) w(); });
    await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
    const next = async () => {
      while (inbox.length === 0) await new Promise<void>((r) => waiters.push(r));
      return inbox.shift() as Buffer;
    };
    sock.send(encodeUdpDatagram({ packetId: 1, avlPacketId: 1, imei: u.device_id, packet: { codec: CODEC_8E, records: [record(530)] } }),
      t.ingest.ports.teltonikaUdp, '127.0.0.1');
    expect(decodeUdpAck(await next())).toMatchObject({ packetId: 1, accepted: 1 });
    expect(t.ingest.commands.isOnline(u.id)).toBe(true);

    const answer = t.call('GET', `sendfmscommand?uid=${u.id}&cmd=getver&cmddesc=version`, { token: ops.token });
    const command = decodeUdpMessage(await next());
    expect(command).toMatchObject({ kind: 'codec12', imei: u.device_id, message: { type: 'command', text: 'getver' } });
    sock.send(encodeUdpCodec12(2, 2, u.device_id, { type: 'response', text: 'Ver:03.27.07' }), t.ingest.ports.teltonikaUdp, '127.0.0.1');
    expect((await answer).json()).toEqual({ ok: 1, reply: 'Ver:03.27.07' });
    sock.close();
  });
});
