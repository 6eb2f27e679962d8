import { CODEC_8E, decodeUdpMessage, encodeUdpCodec12, encodeUdpDatagram } from '@fleet/protocols';
import { ensureDefaultBrand } from '@fleet/db/seed/index';
import dgram from 'node:dgram';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { record } from '../../test/device-client.ts';
import { type Bus, memoryBus } from '../bus/index.ts';
import { createDeviceSide, type DeviceSide } from '../ingest/ingest.ts';
import { ingestOnBus } from './ingest-node.ts';

// Issue 17, the ingest in several processes (INGEST_PROCESSES): they share one UDP port, and the
// kernel gives each datagram to any of them. A device's Codec 12 reply may so reach a process other
// than the one whose command it answers. Two device sides on one bus stand for two such processes:
// the command goes out from A, the reply comes in at B, and A's command must get it.
const log = pino({ level: 'silent' });
const IMEI = '356209089012345';

describe('a UDP device\'s command reply received by another ingest process', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let bus: Bus;
  let a: DeviceSide;
  let b: DeviceSide;
  const stops: Array<() => void> = [];
  let unitId: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    await ensureDefaultBrand(db.db, { publicUrl: 'http://localhost:8080' });
    const c = await db.pool.query(`INSERT INTO customers (brand_id, name) SELECT id, 'UDP' FROM brands LIMIT 1 RETURNING id`);
    const s = await db.pool.query(`INSERT INTO sites (customer_id, name) VALUES ($1, 'UDP site') RETURNING id`, [c.rows[0].id]);
    await db.pool.query(`INSERT INTO unit_types (id, name) VALUES (2, 'HGV') ON CONFLICT DO NOTHING`);
    unitId = (await db.pool.query(`INSERT INTO units (site_id, device_id, unit_type_id, registration) VALUES ($1, $2, 2, 'UDP 1') RETURNING id`, [s.rows[0].id, IMEI])).rows[0].id;
    bus = memoryBus(log);
    const options = { teltonikaPort: 0, osmandPort: 0, host: '127.0.0.1' };
    a = createDeviceSide(db.pool, log, options);
    b = createDeviceSide(db.pool, log, options);
    await Promise.all([a.start(), b.start()]);
    stops.push(ingestOnBus(bus, a, { node: 'ingest-a', log }).stop, ingestOnBus(bus, b, { node: 'ingest-b', log }).stop);
  });
  afterAll(async () => {
    for (const s of stops) s();
    await Promise.all([a?.stop(), b?.stop()]);
    await bus?.close();
    await db?.drop();
  });

  it('answers the command of the process that sent it, over the bus', async () => {
    const device = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => device.bind(0, '127.0.0.1', resolve));
    try {
      const received: Buffer[] = [];
      let wake: (() => void) | undefined;
      device.on('message', (m) => {
        received.push(m);
        wake?.();
      });
      const next = async () => {
        while (received.length === 0) await new Promise<void>((r) => { wake = r; });
        return received.shift() as Buffer;
      };
      // The device reports through A: A knows its address and holds its UDP command channel.
      device.send(encodeUdpDatagram({ packetId: 1, avlPacketId: 1, imei: IMEI, packet: { codec: CODEC_8E, records: [record(1)] } }), a.ports.teltonikaUdp, '127.0.0.1');
      await next(); // A's ACK
      const answer = a.commands.send(unitId, 'getver', 5_000);
      const command = decodeUdpMessage(await next());
      expect(command).toMatchObject({ kind: 'codec12', message: { type: 'command', text: 'getver' } });
      // The reply lands on B (as the shared port's kernel may hand it to any process).
      device.send(encodeUdpCodec12(2, 2, IMEI, { type: 'response', text: 'Ver:03.28.07' }), b.ports.teltonikaUdp, '127.0.0.1');
      await expect(answer).resolves.toBe('Ver:03.28.07');
    } finally {
      device.close();
    }
  });
});
