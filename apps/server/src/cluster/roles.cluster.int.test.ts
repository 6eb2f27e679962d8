import type { AlertEvent, ClearedAlert, ClientToServerEvents, DebugFrameEvent, ServerToClientEvents, VehicleUpdate } from '@fleet/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { packetOf, runAckedFleet } from '../../test/acked-fleet.ts';
import { type Cluster, type ClusterNode, loginOn, startCluster, xsrfHeaders } from '../../test/cluster.ts';
import { record, TestDevice } from '../../test/device-client.ts';
import { until } from '../../test/until.ts';

// Issue 17, "scale out": the server as separate processes, two api nodes, two ingest nodes and one
// worker, on one fresh database and one Redis prefix (test/cluster.ts). Runs only in the
// integration suite on the machine's PostgreSQL (TEST_DATABASE_URL; vitest.config.ts leaves it out
// of the embedded one). What each test proves: docs/testing.md, "Issue 17 — multi-process tests".

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Unit { id: number; device_id: string }
type User = Awaited<ReturnType<typeof loginOn>>;

let cluster: Cluster;
let apiA: ClusterNode;
let apiB: ClusterNode;
let ingestA: ClusterNode;
let ingestB: ClusterNode;
let worker: ClusterNode;
let opsOnA: User;
let opsOnB: User;
let units: Unit[];
const sockets: Client[] = [];
const devices: TestDevice[] = [];

/** Every node's last output, for a failure message. */
const outputs = () => Object.values(cluster.nodes).map((n) => n.output()).join('\n');

beforeAll(async () => {
  cluster = await startCluster([
    { name: 'api-a', roles: ['api'] },
    { name: 'api-b', roles: ['api'] },
    { name: 'ingest-a', roles: ['ingest'] },
    { name: 'ingest-b', roles: ['ingest'] },
    { name: 'worker', roles: ['worker'] },
  ], { adminUrl: inject('pgAdminUrl'), demoNode: 'api-a' });
  const node = (name: string) => cluster.nodes[name] as ClusterNode;
  [apiA, apiB, ingestA, ingestB, worker] = [node('api-a'), node('api-b'), node('ingest-a'), node('ingest-b'), node('worker')];
  opsOnA = await loginOn(apiA, 'ops.leeds@aire-valley.example');
  opsOnB = await loginOn(apiB, 'ops.leeds@aire-valley.example');
  units = (await cluster.pool.query<Unit>(
    `SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id <> 20 ORDER BY id LIMIT 7`, [opsOnA.siteid])).rows;
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const d of devices) d.close();
  await cluster?.stop();
});

/** A signed-in browser's socket on an api node. */
function openSocket(node: ClusterNode, user: User): Promise<Client> {
  const s: Client = connect(node.url, { transports: ['websocket'], reconnection: false, auth: { token: user.token, instanceuuid: user.instanceuuid } });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** A Teltonika device logged in on an ingest node. */
async function deviceOn(node: ClusterNode, unit: Unit): Promise<TestDevice> {
  const d = await TestDevice.connect(node.ports.teltonika);
  devices.push(d);
  expect(await d.login(unit.device_id), `login of ${unit.device_id} on ${node.name}`).toBe(1);
  return d;
}

/** Resolves with the first value `pick` finds in an event, or rejects after `ms` naming what was awaited. */
function first<E extends 'vehicles:update' | 'alerts:new' | 'alerts:cleared' | 'debug:frame' | 'site:message' | 'session:ended', T>(
  s: Client, event: E, pick: (arg: Parameters<ServerToClientEvents[E]>[0]) => T | undefined, ms: number, what: string,
): Promise<T> {
  // One listener type for both events: socket.io's typings take a listener per event name.
  const socket = s as unknown as { on(e: string, f: (arg: never) => void): void; off(e: string, f: (arg: never) => void): void };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`${what}: nothing within ${ms} ms`));
    }, ms);
    const on = (arg: Parameters<ServerToClientEvents[E]>[0]) => {
      const found = pick(arg);
      if (found === undefined) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(found);
    };
    socket.on(event, on);
  });
}

/** A record of device time `t` (ms, a whole second), near Leeds, with the usual IO elements. */
const recordAt = (t: number, i: number, extra: Parameters<typeof record>[1] = {}) => record(i, { timestampMs: t, ...extra });
/** Now, to the second, minus `back` seconds: device times the events processor treats as live. */
const secondsAgo = (back: number) => Math.floor(Date.now() / 1000) * 1000 - back * 1000;

function command(node: ClusterNode, user: User, unit: Unit, cmd: string) {
  return fetch(`${node.url}/api/v1/sendfmscommand?uid=${unit.id}&cmd=${encodeURIComponent(cmd)}`, { headers: { authorization: `Bearer ${user.token}` } });
}

describe('multi-process cluster: 2 api, 2 ingest, 1 worker', () => {
  it('started every node side by side on one empty database', () => {
    // The log shows how long the start took (two cores, five processes at once).
    console.log(`cluster: ${Object.keys(cluster.nodes).length} nodes running after ${cluster.startSeconds.toFixed(1)} s`);
    expect(Object.values(cluster.nodes).every((n) => n.alive())).toBe(true);
    expect(units.length).toBe(7);
  });

  it('a position sent to ingest node A reaches a browser on api node B within two seconds', async () => {
    const unit = units[0] as Unit;
    const onB = await openSocket(apiB, opsOnB);
    const t = secondsAgo(30);
    const update = first(onB, 'vehicles:update',
      (list: VehicleUpdate[]) => { const u = list.find((x) => x.unitid === unit.id && x.updated === new Date(t).toISOString()); return u && { u, at: Date.now() }; },
      10_000, 'the vehicle update on api node B');
    const device = await deviceOn(ingestA, unit);
    expect(await device.send([recordAt(t, 1)])).toBe(1);
    const acked = Date.now();
    const { u, at } = await update;
    console.log(`cluster: position ACKed by ingest-a reached the browser on api-b ${at - acked} ms later`);
    expect(u.lat).toBeCloseTo(53.7935 + 1e-4, 6);
    expect(at - acked).toBeLessThan(2000);
    device.close();
  });

  it('an alert the worker raises reaches the browsers on both api nodes, and its clearing on one reaches the other', async () => {
    const unit = units[1] as Unit;
    const onA = await openSocket(apiA, opsOnA);
    const onB = await openSocket(apiB, opsOnB);
    const panic = (s: Client, name: string) => first(s, 'alerts:new', (list: AlertEvent[]) => {
      const alert = list.find((a) => a.kind === 'panic' && a.uid === unit.id);
      return alert && { alert, at: Date.now() };
    }, 10_000, `the panic alert on ${name}`);
    const gotA = panic(onA, 'api node A');
    const gotB = panic(onB, 'api node B');
    // Each api node hears the alert on the bus and tells its own browsers: each browser gets it once.
    const seen = { a: 0, b: 0 };
    onA.on('alerts:new', (list) => void (seen.a += list.filter((x) => x.kind === 'panic' && x.uid === unit.id).length));
    onB.on('alerts:new', (list) => void (seen.b += list.filter((x) => x.kind === 'panic' && x.uid === unit.id).length));
    const device = await deviceOn(ingestB, unit);
    const t = secondsAgo(20);
    expect(await device.send([recordAt(t, 1)])).toBe(1);
    const pressed = recordAt(t + 1000, 2);
    pressed.io.set(2, { size: 1, value: 1 });
    expect(await device.send([pressed])).toBe(1);
    const acked = Date.now();
    const [a, b] = await Promise.all([gotA, gotB]);
    console.log(`cluster: panic ACKed by ingest-b reached api-a ${a.at - acked} ms and api-b ${b.at - acked} ms later`);
    expect(a.alert).toMatchObject({ kind: 'panic', event: 'press', uid: unit.id });
    expect(b.alert.aid).toBe(a.alert.aid);

    // Cleared through api node A (a call-made change, on the bus): the browser on api node B hears of it.
    const aid = a.alert.aid;
    const clearedOnB = first(onB, 'alerts:cleared', (list: ClearedAlert[]) => list.find((c) => c.aid === aid), 5000, 'the cleared alert on api node B');
    const res = await fetch(`${apiA.url}/api/v1/clearpanicalarm`, {
      method: 'POST', headers: { ...xsrfHeaders, authorization: `Bearer ${opsOnA.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ aid }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await clearedOnB).toEqual({ aid, kind: 'panic', uid: unit.id });
    expect(seen, 'the panic alert arrived once on each node').toEqual({ a: 1, b: 1 });
    device.close();
  });

  it('a command sent through api node A reaches the device on ingest node B and returns its Codec 12 reply; an offline unit is refused', async () => {
    const unit = units[2] as Unit;
    const device = await deviceOn(ingestB, unit);
    expect(await device.send([recordAt(secondsAgo(15), 1)])).toBe(1);
    const answering = device.answerCommand((cmd) => `Ver:03.28.07 for ${cmd}`);
    const res = await command(apiA, opsOnA, unit, 'getver');
    expect(await res.json()).toEqual({ ok: 1, reply: 'Ver:03.28.07 for getver' });
    expect(await answering).toBe('getver');

    // Never connected: refused at once, in words.
    const never = await command(apiA, opsOnA, units[3] as Unit, 'getver');
    expect(never.status).toBe(409);
    expect((await never.json()).message).toBe('The device is offline: it has no open connection to the server.');

    // Gone: api node A hears that the connection closed and refuses too.
    device.close();
    const after = await until(async () => (await command(apiA, opsOnA, unit, 'getver')).status, (s) => s === 409, 5000);
    expect(after).toBe(409);
  });

  it('a device that moves from ingest A to ingest B mid-stream loses nothing and doubles nothing', async () => {
    const unit = units[4] as Unit;
    const t0 = secondsAgo(600);
    const packet = (p: number) => Array.from({ length: 5 }, (_, i) => recordAt(t0 + (p * 5 + i) * 1000, p * 5 + i));
    const onA = await deviceOn(ingestA, unit);
    for (let p = 0; p < 3; p++) expect(await onA.send(packet(p))).toBe(5);
    // The fourth packet goes out and the connection drops before its ACK: stored or not, the device cannot know.
    onA.write(packetOf(packet(3)));
    onA.close();
    const onB = await deviceOn(ingestB, unit);
    for (let p = 3; p < 6; p++) expect(await onB.send(packet(p))).toBe(5);
    const rows = (await cluster.pool.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT device_time)::int AS distinct FROM positions WHERE unit_id = $1`, [unit.id])).rows[0];
    expect(rows).toEqual({ n: 30, distinct: 30 });

    // Commands follow the device: api node B sends to it on ingest node B.
    const answering = onB.answerCommand(() => 'moved and answering');
    const opsOnBUnit = await command(apiB, opsOnB, unit, 'getinfo');
    expect(await opsOnBUnit.json()).toEqual({ ok: 1, reply: 'moved and answering' });
    await answering;
    onB.close();
  });

  it('a command goes to the newest connection when a device is back on ingest A while older ones stay open on A and B', async () => {
    // Mobile networks leave connections half-open: the device has reconnected (A, then B, then A
    // again) before the server noticed the older ones were gone.
    const unit = units[6] as Unit;
    const first = await deviceOn(ingestA, unit);
    expect(await first.send([recordAt(secondsAgo(40), 1)])).toBe(1);
    const onB = await deviceOn(ingestB, unit);
    expect(await onB.send([recordAt(secondsAgo(39), 2)])).toBe(1);
    const back = await deviceOn(ingestA, unit);
    expect(await back.send([recordAt(secondsAgo(38), 3)])).toBe(1);
    void onB.answerCommand(() => 'the stale connection on ingest-b').catch(() => {});
    const answering = back.answerCommand(() => 'the newest connection on ingest-a');
    answering.catch(() => {}); // awaited below, after the call's answer is checked
    const res = await command(apiA, opsOnA, unit, 'getver');
    expect(await res.json()).toEqual({ ok: 1, reply: 'the newest connection on ingest-a' });
    await answering;
    for (const d of [first, onB, back]) d.close();
  });

  it("the debugger on api node B shows a unit's recent and live frames from ingest node A", async () => {
    const unit = units[5] as Unit;
    const device = await deviceOn(ingestA, unit);
    expect(await device.send([recordAt(secondsAgo(10), 1)])).toBe(1);
    const onB = await openSocket(apiB, opsOnB);
    const subscribed = await new Promise<Parameters<Parameters<ClientToServerEvents['debug:subscribe']>[1]>[0]>((resolve) => onB.emit('debug:subscribe', unit.id, resolve));
    expect(subscribed.ok).toBe(1);
    const recent = subscribed.ok === 1 ? subscribed.frames : [];
    expect(recent.map((f) => f.kind), 'the recent frames gathered from the ingest nodes').toEqual(expect.arrayContaining(['imei']));
    expect(recent.some((f) => f.kind.startsWith('avl') && f.uid === unit.id)).toBe(true);
    const live = first(onB, 'debug:frame', (f: DebugFrameEvent) => (f.uid === unit.id && f.kind.startsWith('avl') && f.direction === 'in' ? f : undefined), 5000, 'a live frame on api node B');
    expect(await device.send([recordAt(secondsAgo(9), 2)])).toBe(1);
    expect((await live).hex.startsWith('00000000')).toBe(true);
    device.close();
  });

  it("a site's new message set on api node A reaches browsers on api node B, and signing out on A closes the session's socket on B", async () => {
    const admin = await loginOn(apiA, 'admin.leeds@aire-valley.example');
    const opsSocket = await openSocket(apiB, opsOnB);
    const adminSocket = await openSocket(apiB, admin);
    const text = `Cluster notice ${Date.now()}`;
    const message = first(opsSocket, 'site:message', (m: string) => (m === text ? m : undefined), 5000, 'the site message on api node B');
    const set = await fetch(`${apiA.url}/api/v1/updatesitemessage`, {
      method: 'POST', headers: { ...xsrfHeaders, authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ msg: text }),
    });
    expect(set.status, await set.clone().text()).toBe(200);
    expect(await message).toBe(text);

    const ended = first(adminSocket, 'session:ended', (reason: string) => reason, 5000, 'the end of the session on api node B');
    const gone = new Promise<void>((resolve) => adminSocket.once('disconnect', () => resolve()));
    const out = await fetch(`${apiA.url}/api/v1/logout`, {
      method: 'POST', headers: { ...xsrfHeaders, authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }, body: '{}',
    });
    expect(out.status, await out.clone().text()).toBe(200);
    expect(await ended).toBe('logout');
    await gone;
    expect(opsSocket.connected, 'another session on the same node stays connected').toBe(true);
  });

  it('killing any one node under load (kill -9) loses no ACKed position', async () => {
    // Devices of their own, on the Leeds site, half starting on each ingest node.
    const count = 12;
    const base = 356_209_090_000_000 + Math.floor(Math.random() * 9_000_000);
    const imeis = Array.from({ length: count }, (_, i) => String(base + i * 7));
    await cluster.pool.query(
      `INSERT INTO units (site_id, device_id, unit_type_id, registration) SELECT $1, d, 1, 'CHAOS ' || d FROM unnest($2::text[]) AS d`,
      [opsOnA.siteid, imeis]);
    const fleet = runAckedFleet({ imeis, ports: [ingestA.ports.teltonika, ingestB.ports.teltonika], intervalMs: 250, recordsPerPacket: 4, startMs: secondsAgo(3600) });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const kills: string[] = [];
    /** Devices that got no ACK since `before` (each device's ACKed count then). */
    const stalled = (before: number[]) => fleet.devices.filter((d, i) => d.acked.length <= (before[i] as number)).map((d) => d.imei);
    const ackedNow = () => fleet.devices.map((d) => d.acked.length);
    const kill = async (victim: ClusterNode) => {
      kills.push(`${victim.name} at ${fleet.acked()} ACKed`);
      await victim.kill('SIGKILL');
    };
    try {
      await sleep(1500);
      // The ingest node holding half the devices: they go to the other one and send again what was
      // not ACKed. It starts again meanwhile (same ports), while the worker and an api node are killed
      // in turn; then the other ingest node is killed and every device goes to the restarted one.
      let before = ackedNow();
      await kill(ingestA);
      const restarting = ingestA.restart();
      await sleep(1500);
      await kill(worker);
      await sleep(1500);
      await kill(apiB);
      await restarting;
      // Every device ACKed again (a loaded machine may take a few seconds to move them all).
      expect(await until(() => stalled(before), (left) => left.length === 0, 10_000), `devices with no ACK since ingest-a was killed\n${outputs()}`).toEqual([]);
      before = ackedNow();
      await kill(ingestB);
      await sleep(1000);
      expect(await until(() => stalled(before), (left) => left.length === 0, 10_000), `devices with no ACK since ingest-b was killed (ingest-a restarted)\n${outputs()}`).toEqual([]);
      await fleet.drain(15_000);
    } finally {
      await fleet.stop();
    }
    const stored = await cluster.pool.query<{ device_id: string; t: string; n: number }>(
      `SELECT u.device_id, (extract(epoch FROM p.device_time) * 1000)::bigint::text AS t, count(*)::int AS n
         FROM positions p JOIN units u ON u.id = p.unit_id WHERE u.device_id = ANY($1) GROUP BY 1, 2`, [imeis]);
    const inDb = new Map<string, number>();
    for (const r of stored.rows) inDb.set(`${r.device_id}@${r.t}`, r.n);
    const missing: string[] = [];
    const doubled: string[] = [];
    for (const d of fleet.devices) {
      for (const t of d.acked) {
        const n = inDb.get(`${d.imei}@${t}`) ?? 0;
        if (n === 0) missing.push(`${d.imei}@${new Date(t).toISOString()}`);
        if (n > 1) doubled.push(`${d.imei}@${new Date(t).toISOString()} x${n}`);
      }
    }
    const acked = fleet.acked();
    const generated = fleet.devices.reduce((n, d) => n + d.generated, 0);
    const moved = fleet.devices.reduce((n, d) => n + d.moves, 0);
    console.log(`cluster chaos: killed ${kills.join(', ')}; ${generated} records made, ${acked} ACKed, ${stored.rows.length} stored, ${moved} moves to another ingest node`);
    const context = `${kills.join(', ')}\n${outputs()}`;
    expect(missing, `ACKed records not in the database\n${context}`).toEqual([]);
    expect(doubled, `ACKed records stored more than once\n${context}`).toEqual([]);
    // After the drain every record made was ACKed, so the database holds exactly the records made.
    expect(fleet.devices.filter((d) => d.pending.length > 0).map((d) => d.imei), 'devices left with a packet not ACKed').toEqual([]);
    expect(acked).toBe(generated);
    expect(stored.rows.length).toBe(generated);
    // Half the devices moved once (ingest-a killed), then every device (ingest-b killed).
    expect(moved, 'moves to another ingest node').toBeGreaterThanOrEqual(count * 1.5);
  }, 120_000);
});
