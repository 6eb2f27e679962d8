// GT06 / Concox positions per second through the real listener and the durable writer (decode, group
// commit, state update), one position per 0x22 frame as the devices send them, against a bare
// multi-row INSERT of the same number of rows into the same database, in the same run.
// 0x22 locations have no answer in the protocol; each device sends `--window` of them and then a
// heartbeat, which the server answers only after committing everything before it: a position counts
// as durable when the heartbeat after it is answered.
// Usage: npx tsx bench/gt06-throughput.ts [--seconds 20] [--devices 200] [--window 50] [--external postgres://…]
import {
  crcItu, decodeGt06ServerFrame, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login, Gt06Framer,
} from '@fleet/protocols';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { bareInsertRate, benchDatabase, createUnits, machine, stateCatchUpSeconds, startIngestProcess } from './lib.ts';

const { values } = parseArgs({ options: {
  seconds: { type: 'string', default: '20' }, devices: { type: 'string', default: '200' },
  window: { type: 'string', default: '50' }, external: { type: 'string' },
} });
const seconds = Number(values.seconds);
const devices = Number(values.devices);
const windowSize = Number(values.window);
const BASE_MS = 1_700_000_000_000;
const status = { cutOff: false, gpsFixed: true, alarmBits: 0, charging: true, acc: true, defence: false };
const cell = { mcc: 234, mnc: 15, lac: 6140, cid: '12345' };

async function device(port: number, imei: string, until: number, acked: { n: number }): Promise<void> {
  const sock = net.connect(port, '127.0.0.1');
  sock.setNoDelay(true);
  const framer = new Gt06Framer();
  const answers: number[] = [];
  let waiter: (() => void) | undefined;
  sock.on('data', (c: Buffer) => {
    for (const f of framer.push(c)) answers.push(decodeGt06ServerFrame(f).protocol);
    waiter?.();
  });
  const answer = async () => {
    while (answers.length === 0) await new Promise<void>((r) => { waiter = r; });
    return answers.shift();
  };
  await new Promise((r) => sock.once('connect', r));
  sock.write(encodeGt06Login(imei, 1));
  if ((await answer()) !== 0x01) throw new Error(`login not answered for ${imei}`);
  // Encode one frame, then patch only its date/time, serial and CRC: the generator shares the two
  // cores with the server and the database, so it must cost as little as possible.
  const gps = { timeMs: BASE_MS, satellites: 9, latitude: 53.79, longitude: -1.55, speedKmh: 50, course: 90, positioned: true, differential: false };
  const frame = encodeGt06Location(0x22, { gps, cell, acc: true }, 0);
  const burst = Buffer.alloc(frame.length * windowSize);
  let seq = 0;
  while (Date.now() < until) {
    for (let k = 0; k < windowSize; k++) {
      const d = new Date(BASE_MS + (seq + k) * 1000);
      frame.set([d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()], 4);
      frame.writeUInt16BE((seq + k) & 0xffff, frame.length - 6);
      frame.writeUInt16BE(crcItu(frame, 2, frame.length - 4), frame.length - 4);
      frame.copy(burst, k * frame.length);
    }
    sock.write(burst);
    sock.write(encodeGt06Heartbeat({ status, voltageLevel: 6, gsm: 4 }, 0xffff));
    if ((await answer()) !== 0x13) throw new Error('heartbeat not answered');
    acked.n += windowSize;
    seq += windowSize;
  }
  sock.destroy();
}

async function run(external?: string) {
  const db = await benchDatabase(external);
  const imeis = await createUnits(db.database, devices);
  const server = await startIngestProcess(db.url);
  const port = server.ports.gt06;
  if (!port) throw new Error('the ingest process has no GT06 listener');
  const acked = { n: 0 };
  const started = Date.now();
  await Promise.all(imeis.map((imei) => device(port, imei, started + seconds * 1000, acked)));
  const elapsed = (Date.now() - started) / 1000;
  const lag = await stateCatchUpSeconds(db.database);
  await server.stop();
  const stored = Number((await db.database.pool.query(`SELECT count(*) FROM positions WHERE event_io = 34`)).rows[0].count);
  const bareRate = await bareInsertRate(db.database, stored, { altitude: 0, satellites: 9, eventIo: 34, io: { ignition: 1, gt06UploadMode: 0 } });
  await db.close();
  return { label: db.label, acked: acked.n, stored, elapsed, rate: acked.n / elapsed, lag, bareRate };
}

const results = [await run(undefined)];
if (values.external) results.push(await run(values.external));
console.log(`machine: ${machine()}; ${devices} GT06 devices, one position per 0x22 frame, a heartbeat after every ${windowSize}, ${seconds} s`);
for (const r of results) {
  console.log(`${r.label}: GT06 pipeline ${Math.round(r.rate)} positions/s durable (${r.acked} confirmed, ${r.stored} stored, state caught up ${r.lag.toFixed(1)} s after load); bare INSERT ${Math.round(r.bareRate)} rows/s; ratio ${(r.rate / r.bareRate).toFixed(2)}`);
}
process.exit(0);
