import { CODEC_8E, encodeAvlPacket, type AvlRecord } from '@fleet/protocols';
import { TestDevice } from './device-client.ts';

// A load of Teltonika devices that keep, each for itself, the device time of every record the
// server ACKed: what the multi-process chaos test (issue 17) then looks for in the database. A
// device knows several ingest nodes, as a tracker configured with a backup server does: when its
// connection fails (the node was killed, the ACK did not come) it goes to the next one and sends
// again the packet that was not ACKed.

export interface AckedDevice {
  imei: string;
  /** Device times (ms) of the records the server ACKed, in the order they were ACKed. */
  acked: number[];
  /** Records made; the ones not ACKed yet are `pending` (at most one packet). */
  generated: number;
  pending: AvlRecord[];
  /** Connections opened (the first one included). */
  connects: number;
  /** Times it went to the next ingest node (connection refused or closed, no ACK in time), to send the packet not ACKed there. */
  moves: number;
}

export interface AckedFleetOptions {
  imeis: string[];
  /** The ingest nodes' Teltonika ports; device i starts on ports[i % ports.length]. */
  ports: number[];
  /** A packet every this many ms per device, of `recordsPerPacket` records. */
  intervalMs: number;
  recordsPerPacket: number;
  /** The first record's device time; each next record is one second later (a device's times are distinct). */
  startMs: number;
  ackTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function makeRecord(t: number, n: number): AvlRecord {
  return {
    timestampMs: t, priority: 0, longitude: -1.5485 + n * 1e-5, latitude: 53.7935 + n * 1e-5, altitude: 60, angle: 90, satellites: 11,
    speedKmh: 30, eventIoId: 0, io: new Map([[239, { size: 1, value: 1 }], [240, { size: 1, value: 1 }], [66, { size: 2, value: 27_600 }]]), ioVariable: new Map(),
  };
}

/** Starts the devices; `pauseGeneration` then `drain` lets each send its last packet; `stop` closes them. */
export function runAckedFleet(o: AckedFleetOptions) {
  const devices: AckedDevice[] = o.imeis.map((imei) => ({ imei, acked: [], generated: 0, pending: [], connects: 0, moves: 0 }));
  let generating = true;
  let stopped = false;
  const ackTimeoutMs = o.ackTimeoutMs ?? 3000;

  async function run(d: AckedDevice, index: number): Promise<void> {
    let port = index % o.ports.length;
    let socket: TestDevice | null = null;
    // Spread the devices' packets over the interval.
    await sleep(Math.round((index * o.intervalMs) / o.imeis.length));
    while (!stopped) {
      if (d.pending.length === 0) {
        if (!generating) break;
        for (let i = 0; i < o.recordsPerPacket; i++) {
          d.pending.push(makeRecord(o.startMs + d.generated * 1000, d.generated));
          d.generated++;
        }
      }
      try {
        if (!socket || socket.closed) {
          socket = await TestDevice.connect(o.ports[port] as number);
          d.connects++;
          if ((await socket.login(d.imei)) !== 1) throw new Error('login not accepted');
        }
        const ack = await socket.send(d.pending, ackTimeoutMs);
        if (ack !== d.pending.length) throw new Error(`ACK ${ack} for ${d.pending.length} records`);
        for (const r of d.pending) d.acked.push(r.timestampMs);
        d.pending = [];
      } catch {
        // The node is gone or slow: the next one, after a moment; the same packet again.
        socket?.close();
        socket = null;
        d.moves++;
        port = (port + 1) % o.ports.length;
        await sleep(200);
        continue;
      }
      await sleep(o.intervalMs);
    }
    socket?.close();
  }

  const running = devices.map((d, i) => run(d, i));
  return {
    devices,
    /** Records ACKed so far, all devices. */
    acked: () => devices.reduce((n, d) => n + d.acked.length, 0),
    /** Makes no new records: each device sends what it holds until ACKed, then closes; resolves when all have (or after `timeoutMs`). */
    async drain(timeoutMs: number): Promise<void> {
      generating = false;
      await Promise.race([Promise.all(running), sleep(timeoutMs)]);
    },
    async stop(): Promise<void> {
      stopped = true;
      generating = false;
      await Promise.all(running);
    },
  };
}

/** One Codec 8E packet of `records` (for a device that writes it and goes away without waiting for the ACK). */
export const packetOf = (records: AvlRecord[]) => encodeAvlPacket({ codec: CODEC_8E, records });
