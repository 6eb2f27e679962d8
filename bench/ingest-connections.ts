// 10,000 concurrent device connections held by one ingest process, with its memory per connection,
// then one packet from every connection to show they are all still served.
// Usage: npx tsx bench/ingest-connections.ts [--connections 10000]
import { parseArgs } from 'node:util';
import { BenchDevice, benchRecord } from './device-socket.ts';
import { benchDatabase, createUnits, machine, startIngestProcess } from './lib.ts';

const { values } = parseArgs({ options: { connections: { type: 'string', default: '10000' } } });
const n = Number(values.connections);
const db = await benchDatabase();
const imeis = await createUnits(db.database, n);
const server = await startIngestProcess(db.url);
await new Promise((r) => setTimeout(r, 1000));
const before = await server.rss();
const devices: BenchDevice[] = [];
const started = Date.now();
for (let i = 0; i < n; i += 200) {
  devices.push(...(await Promise.all(imeis.slice(i, i + 200).map((imei) => BenchDevice.open(server.port, imei)))));
}
const connectSeconds = (Date.now() - started) / 1000;
await new Promise((r) => setTimeout(r, 2000));
const held = await server.rss();
const sendStart = Date.now();
for (let i = 0; i < devices.length; i += 500) {
  await Promise.all(devices.slice(i, i + 500).map((d, j) => d.send([benchRecord(i + j)])));
}
const sendSeconds = (Date.now() - sendStart) / 1000;
const after = await server.rss();
for (const d of devices) d.close();
await server.stop();
await db.close();
const mib = (b: number) => (b / 2 ** 20).toFixed(1);
console.log(`machine: ${machine()}; ${db.label}`);
console.log(`${n} connections logged in and held in ${connectSeconds.toFixed(1)} s; server RSS ${mib(before)} MiB idle -> ${mib(held)} MiB held ` +
  `(${((held - before) / n / 1024).toFixed(1)} KiB per connection); one packet from each connection ACKed in ${sendSeconds.toFixed(1)} s; RSS after traffic ${mib(after)} MiB ` +
  `(${((after - before) / n / 1024).toFixed(1)} KiB per connection incl. debug frames)`);
process.exit(0);
