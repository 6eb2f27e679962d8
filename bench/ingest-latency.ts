// Frame-to-ACK latency at a steady rate: each device sends one record every (devices / rate) seconds.
// Usage: npx tsx bench/ingest-latency.ts [--rate 2000] [--devices 400] [--seconds 20] [--external postgres://…]
import { parseArgs } from 'node:util';
import { BenchDevice, benchRecord } from './device-socket.ts';
import { benchDatabase, createUnits, machine, percentile, startIngestProcess } from './lib.ts';

const { values } = parseArgs({ options: {
  rate: { type: 'string', default: '2000' }, devices: { type: 'string', default: '400' }, seconds: { type: 'string', default: '20' },
  external: { type: 'string' },
} });
const rate = Number(values.rate);
const n = Number(values.devices);
const seconds = Number(values.seconds);

async function run(external?: string) {
  const db = await benchDatabase(external);
  const imeis = await createUnits(db.database, n);
  const server = await startIngestProcess(db.url);
  const devices = await Promise.all(imeis.map((imei) => BenchDevice.open(server.port, imei)));
  const period = (n / rate) * 1000;
  const latencies: number[] = [];
  let late = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(devices.map(async (d, i) => {
    let seq = i * 1_000_000;
    let next = performance.now() + (i / n) * period;
    while (Date.now() < end) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else late += 1;
      latencies.push(await d.send([benchRecord(seq++)]));
      next += period;
    }
  }));
  for (const d of devices) d.close();
  await server.stop();
  await db.close();
  latencies.sort((a, b) => a - b);
  return { label: db.label, sent: latencies.length, achieved: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0, late };
}

const results = [await run()];
if (values.external) results.push(await run(values.external));
console.log(`machine: ${machine()}; target ${rate} positions/s from ${n} devices, one record per packet, ${seconds} s`);
for (const r of results) {
  console.log(`${r.label}: ${Math.round(r.achieved)} positions/s achieved; frame-to-ACK p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${r.sent} packets, ${r.late} sent late)`);
}
process.exit(0);
