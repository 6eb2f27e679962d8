import { decodeUdpDatagram, encodeUdpAck, ProtocolError } from '@fleet/protocols';
import dgram from 'node:dgram';
import type { IngestDeps } from './ingest-deps.ts';
import { avlRecordToRow, describeRecord } from './records.ts';
import { sourceAllowed } from './source-allow.ts';

/**
 * Teltonika over UDP: each datagram carries the IMEI and its records; the ACK (with the device's
 * packet ids echoed) is sent only after the records are committed. An unknown device gets no ACK,
 * nor does a source outside TELTONIKA_ALLOW (which is not listed as an unknown device either).
 */
export function teltonikaUdpServer(deps: IngestDeps) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    void handle(msg, rinfo).catch((err: unknown) => {
      deps.stats.closed(err instanceof ProtocolError ? `udp:${err.code}` : 'udp:store-failed');
      deps.log.info({ address: rinfo.address, err: err instanceof Error ? err.message : String(err) }, 'UDP datagram dropped');
    });
  });
  socket.on('error', (err) => deps.log.warn({ err: err.message }, 'UDP listener error'));

  async function handle(msg: Buffer, rinfo: dgram.RemoteInfo): Promise<void> {
    const d = decodeUdpDatagram(msg);
    if (!sourceAllowed(deps.allow.teltonika, rinfo.address)) {
      deps.stats.closed('udp:source-not-allowed');
      return;
    }
    const unit = await deps.directory.lookup(d.imei);
    if (!unit) {
      await deps.directory.recordUnknown(d.imei, 'teltonika-udp', rinfo.address);
      deps.stats.closed('udp:unknown-device');
      return;
    }
    const { records } = d.packet;
    deps.frames.add(unit.unitId, 'in', 'udp', msg, () => records.map(describeRecord));
    const written = await deps.writer.write(records.map((r) => avlRecordToRow(unit.unitId, r, 'teltonika-udp')));
    const ack = encodeUdpAck(d.packetId, d.avlPacketId, records.length);
    socket.send(ack, rinfo.port, rinfo.address);
    deps.frames.add(unit.unitId, 'out', 'udp ack', ack, () => ({ accepted: records.length }));
    deps.stats.accepted(written);
    deps.onStored();
  }

  return {
    socket,
    listen(port: number, host = '0.0.0.0'): Promise<number> {
      return new Promise((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(port, host, () => resolve(socket.address().port));
      });
    },
    close(): Promise<void> {
      return new Promise((resolve) => socket.close(() => resolve()));
    },
  };
}
