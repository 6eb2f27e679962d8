import { decodeUdpMessage, encodeUdpAck, ProtocolError } from '@fleet/protocols';
import dgram from 'node:dgram';
import type { IngestDeps } from './ingest-deps.ts';
import { avlRecordToRow, describeRecord } from './records.ts';
import { sourceAllowed } from './source-allow.ts';
import { DEFAULT_UDP_COMMAND_WINDOW_MS, UdpCommandChannel } from './teltonika-udp-channel.ts';
import { bindUdp, closeUdp } from './udp-socket.ts';
import type { KnownUnit } from './unit-directory.ts';

export interface UdpOptions {
  /** How long after its last datagram a device takes commands over UDP (see teltonika-udp-channel.ts). */
  commandWindowMs?: number;
}

/**
 * Teltonika over UDP: each datagram carries the IMEI and its records; the ACK (with the device's
 * packet ids echoed) is sent only after the records are committed. An unknown device gets no ACK,
 * nor does a source outside TELTONIKA_ALLOW (which is not listed as an unknown device either).
 * Codec 12 replies arrive in the same envelope and answer the unit's pending UDP command.
 */
export function teltonikaUdpServer(deps: IngestDeps, options: UdpOptions = {}) {
  const socket = dgram.createSocket('udp4');
  const windowMs = options.commandWindowMs ?? DEFAULT_UDP_COMMAND_WINDOW_MS;
  const channels = new Map<number, UdpCommandChannel>();
  socket.on('message', (msg, rinfo) => {
    void handle(msg, rinfo).catch((err: unknown) => {
      deps.stats.closed(err instanceof ProtocolError ? `udp:${err.code}` : 'udp:store-failed');
      deps.log.info({ address: rinfo.address, err: err instanceof Error ? err.message : String(err) }, 'UDP datagram dropped');
    });
  });
  socket.on('error', (err) => deps.log.warn({ err: err.message }, 'UDP listener error'));

  async function handle(msg: Buffer, rinfo: dgram.RemoteInfo): Promise<void> {
    const d = decodeUdpMessage(msg);
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
    const channel = channelFor(unit, d.imei);
    channel.seen(rinfo.address, rinfo.port);
    if (d.kind === 'codec12') {
      // Codec 12 is never acknowledged; a response answers the pending command, if any.
      deps.frames.add(unit.unitId, 'in', 'udp codec12', msg, () => d.message);
      if (d.message.type === 'response' && !channel.answer(d.message.text)) deps.udpReplyElsewhere?.(unit.unitId, d.message.text);
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

  /** The unit's UDP command channel; registered unless a TCP connection already carries its commands. */
  function channelFor(unit: KnownUnit, imei: string): UdpCommandChannel {
    let channel = channels.get(unit.unitId);
    if (!channel) {
      const created = new UdpCommandChannel(socket, deps, unit.unitId, imei, windowMs, () => {
        channels.delete(unit.unitId);
        deps.commands.unregister(unit.unitId, created);
        created.close();
      });
      channel = created;
      channels.set(unit.unitId, channel);
    }
    if (!deps.commands.isOnline(unit.unitId)) deps.commands.register(unit.unitId, channel);
    return channel;
  }

  return {
    socket,
    /** A reply another process received for a command this one sent over UDP; true when it answered one. */
    answerForwarded: (unitId: number, text: string): boolean => channels.get(unitId)?.answer(text) ?? false,
    listen: (port: number, host = '0.0.0.0'): Promise<number> => bindUdp(socket, port, host),
    close(): Promise<void> {
      for (const [unitId, channel] of channels) {
        deps.commands.unregister(unitId, channel);
        channel.close();
      }
      channels.clear();
      return closeUdp(socket);
    },
  };
}
