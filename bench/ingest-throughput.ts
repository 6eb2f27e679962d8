// Sustained durable positions per second through the whole pipeline (decode, commit, ACK, state update),
// against a bare multi-row INSERT of the same rows into the same database, in the same run.
// Usage: npx tsx bench/ingest-throughput.ts [--seconds 20] [--devices 200] [--records 50] [--external postgres://…]
import { CODEC_8E, crc16Ibm, encodeAvlPacket, encodeImeiLogin, type AvlRecord } from '@fleet/protocols';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { bareInsertRate, benchDatabase, createUnits, machine, stateCatchUpSeconds, startIngestProcess } from './lib.ts';

const { values } = parseArgs({ options: {
  seconds: { type: 'string', default: '20' }, devices: { type: 'string', default: '200' },
  records: { type: 'string', default: '50' }, external: { type: 'string' },
} });
const seconds = Number(values.seconds);
const devices = Number(values.devices);
const perPacket = Number(values.records);

function records(start: number, n: number): AvlRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    timestampMs: 1_700_000_000_000 + (start + i) * 1000, priority: 0, longitude: -1.55 + i * 1e-5, latitude: 53.79, altitude: 50,
    angle: 90, satellites: 10, speedKmh: 50, eventIoId: 0,
    io: new Map([[239, { size: 1, value: 1 } as const], [240, { size: 1, value: 1 } as const], [66, { size: 2, value: 27_500 } as const],
      [16, { size: 4, value: 1000 + start + i } as const], [89, { size: 1, value: 60 } as const], [85, { size: 2, value: 1400 } as const]]),
    ioVariable: new Map(),
  }));
}

async function device(port: number, imei: string, until: number, acked: { n: number }): Promise<void> {
  const sock = net.connect(port, '127.0.0.1');
  sock.setNoDelay(true);
  let buf = Buffer.alloc(0);
  let waiter: (() => void) | undefined;
  sock.on('data', (c) => { buf = Buffer.concat([buf, c]); waiter?.(); });
  const read = async (n: number) => {
    while (buf.length < n) await new Promise<void>((r) => { waiter = r; });
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    return out;
  };
  await new Promise((r) => sock.once('connect', r));
  sock.write(encodeImeiLogin(imei));
  if ((await read(1))[0] !== 1) throw new Error(`login refused for ${imei}`);
  // Encode once, then only patch each record's timestamp and the CRC: the generator shares the two
  // cores with the server and the database, so it must cost as little as possible.
  const packet = encodeAvlPacket({ codec: CODEC_8E, records: records(0, perPacket) });
  const recordBytes = (packet.length - 8 - 2 - 1 - 4) / perPacket;
  let seq = 0;
  while (Date.now() < until) {
    for (let k = 0; k < perPacket; k++) packet.writeBigUInt64BE(BigInt(1_700_000_000_000 + (seq + k) * 1000), 10 + k * recordBytes);
    packet.writeUInt32BE(crc16Ibm(packet, 8, packet.length - 4), packet.length - 4);
    sock.write(packet);
    const ack = (await read(4)).readUInt32BE(0);
    if (ack !== perPacket) throw new Error(`ACK ${ack} for ${perPacket}`);
    acked.n += ack;
    seq += perPacket;
  }
  sock.destroy();
}

async function run(external?: string) {
  const db = await benchDatabase(external);
  const imeis = await createUnits(db.database, devices);
  const server = await startIngestProcess(db.url);
  const acked = { n: 0 };
  const started = Date.now();
  await Promise.all(imeis.map((imei) => device(server.port, imei, started + seconds * 1000, acked)));
  const elapsed = (Date.now() - started) / 1000;
  // The state processor must keep up too: wait until its cursor has reached the last row.
  const lag = await stateCatchUpSeconds(db.database);
  await server.stop();
  const stored = Number((await db.database.pool.query('SELECT count(*) FROM positions')).rows[0].count);
  const bareRate = await bareInsertRate(db.database, stored, { altitude: 50, satellites: 10, eventIo: 0, io: { 239: 1, 240: 1, 66: 27500, 16: 1000, 89: 60, 85: 1400 } });
  await db.close();
  return { label: db.label, acked: acked.n, stored, elapsed, rate: acked.n / elapsed, lag, bareRate };
}

const results = [await run(undefined)];
if (values.external) results.push(await run(values.external));
console.log(`machine: ${machine()}; ${devices} devices, ${perPacket} records per packet, ${seconds} s`);
for (const r of results) {
  console.log(`${r.label}: pipeline ${Math.round(r.rate)} positions/s durable (${r.acked} ACKed, ${r.stored} stored, state caught up ${r.lag.toFixed(1)} s after load); bare INSERT ${Math.round(r.bareRate)} rows/s; ratio ${(r.rate / r.bareRate).toFixed(2)}`);
}
process.exit(0);
