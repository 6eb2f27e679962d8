import { createServer, type Socket } from 'node:net';
import {
  type AvlRecord,
  encodeAck,
  encodeCodec12Command,
  encodeImeiReply,
  type Frame,
  TeltonikaFramer,
} from '@fleet/protocols';

/**
 * A tiny Teltonika server for tests, built on @fleet/protocols' TeltonikaFramer (which checks
 * every CRC). It records logins, keep-alives, packets and Codec 12 responses; `onPacket` decides per packet
 * whether to ack (the default), ack a given count, withhold the ack or close the connection.
 */
export type PacketAction = 'ack' | 'withhold' | 'close' | { ack: number };

export interface ReceivedPacket {
  imei: string;
  connection: number;
  records: AvlRecord[];
  action: PacketAction;
}

export interface FakeServerOptions {
  /** Accept this login? attempt counts from 1 per IMEI. Default: accept all. */
  accept?: (imei: string, attempt: number) => boolean;
  onPacket?: (packet: Omit<ReceivedPacket, 'action'>, index: number) => PacketAction;
}

export interface FakeServer {
  port: number;
  logins: Array<{ imei: string; accepted: boolean }>;
  /** Keep-alive bytes (FF) received: on which connection, and whether before that connection's login. */
  keepalives: Array<{ connection: number; beforeLogin: boolean }>;
  packets: ReceivedPacket[];
  responses: Array<{ imei: string; text: string }>;
  errors: string[];
  /** Records the server acknowledged, in order. */
  acked(): AvlRecord[];
  sendCommand(imei: string, command: string): boolean;
  /** Closes every open connection (the server keeps listening). */
  dropAll(): void;
  close(): Promise<void>;
}

export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const sockets = new Map<string, Socket>();
  const all = new Set<Socket>();
  const attempts = new Map<string, number>();
  let connections = 0;
  const state: Omit<FakeServer, 'port' | 'close' | 'sendCommand' | 'dropAll' | 'acked'> = {
    logins: [],
    keepalives: [],
    packets: [],
    responses: [],
    errors: [],
  };
  const server = createServer((socket) => {
    all.add(socket);
    socket.on('close', () => all.delete(socket));
    socket.on('error', () => {});
    const connection = ++connections;
    const framer = new TeltonikaFramer();
    let imei = '';
    socket.on('data', (chunk: Buffer) => {
      let frames: Frame[];
      try {
        frames = framer.push(chunk);
      } catch (err) {
        state.errors.push((err as Error).message);
        socket.destroy();
        return;
      }
      for (const frame of frames) {
        if (frame.kind === 'keepalive') {
          state.keepalives.push({ connection, beforeLogin: imei === '' });
        } else if (frame.kind === 'imei') {
          imei = frame.imei;
          const attempt = (attempts.get(imei) ?? 0) + 1;
          attempts.set(imei, attempt);
          const accepted = options.accept?.(imei, attempt) ?? true;
          state.logins.push({ imei, accepted });
          socket.write(encodeImeiReply(accepted));
          if (accepted) sockets.set(imei, socket);
          else socket.end();
        } else if (frame.kind === 'avl') {
          const packet = { imei, connection, records: frame.packet.records };
          const action = options.onPacket?.(packet, state.packets.length) ?? 'ack';
          state.packets.push({ ...packet, action });
          if (action === 'ack') socket.write(encodeAck(packet.records.length));
          else if (action === 'close') socket.destroy();
          else if (typeof action === 'object') socket.write(encodeAck(action.ack));
        } else if (frame.kind === 'codec12') {
          state.responses.push({ imei, text: frame.message.text });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...state,
    port,
    acked: () =>
      state.packets.flatMap((p) =>
        p.action === 'ack' || (typeof p.action === 'object' && p.action.ack === p.records.length)
          ? p.records
          : [],
      ),
    sendCommand(imei, command) {
      const socket = sockets.get(imei);
      if (!socket || socket.destroyed) return false;
      socket.write(encodeCodec12Command(command));
      return true;
    },
    dropAll() {
      for (const s of all) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of all) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Polls `predicate` every 10 ms until it holds; rejects after timeoutMs. */
export async function waitFor(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
