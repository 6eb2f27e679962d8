import { ProtocolError } from '@fleet/protocols';
import dgram from 'node:dgram';
import type { IngestDeps } from './ingest-deps.ts';
import { UnstorableRowError } from './position-writer.ts';
import { handleQueclinkMessage } from './queclink-message.ts';
import { bindUdp, closeUdp } from './udp-socket.ts';

/**
 * Queclink @Track over UDP (report mode 4/6): each datagram holds one message (its '$' may be
 * left off); the SACK goes back to the datagram's source only after the commit. An unknown device,
 * or a source outside QUECLINK_ALLOW, hears nothing.
 */
export function queclinkUdpServer(deps: IngestDeps) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const reply = (text: string) => socket.send(Buffer.from(text, 'latin1'), rinfo.port, rinfo.address);
    void handleQueclinkMessage(deps, trimmed(msg), { address: rinfo.address, transport: 'udp' }, reply).then(
      (outcome) => { if (outcome.kind !== 'stored' && outcome.kind !== 'ack') deps.stats.closed(`queclink-udp:${outcome.kind}`); },
      (err: unknown) => {
        deps.stats.closed(err instanceof ProtocolError ? `queclink-udp:${err.code}` : err instanceof UnstorableRowError ? 'queclink-udp:unstorable' : 'queclink-udp:store-failed');
        deps.log.info({ address: rinfo.address, err: err instanceof Error ? err.message : String(err) }, 'Queclink UDP datagram dropped');
      },
    );
  });
  socket.on('error', (err) => deps.log.warn({ err: err.message }, 'Queclink UDP listener error'));

  return {
    socket,
    listen: (port: number, host = '0.0.0.0'): Promise<number> => bindUdp(socket, port, host),
    close: (): Promise<void> => closeUdp(socket),
  };
}

/** A datagram without the CR/LF some senders add after the '$'. */
function trimmed(msg: Buffer): Buffer {
  let end = msg.length;
  while (end > 0 && (msg[end - 1] === 0x0a || msg[end - 1] === 0x0d || msg[end - 1] === 0x00)) end--;
  return msg.subarray(0, end);
}
