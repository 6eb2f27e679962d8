import { encodeUdpCodec12 } from '@fleet/protocols';
import type dgram from 'node:dgram';
import { type CommandChannel, PendingCommand } from './commands.ts';
import type { IngestDeps } from './ingest-deps.ts';

/**
 * How long after its last datagram a UDP device counts as reachable. A device on a mobile network
 * sits behind the carrier's NAT, whose UDP mappings often last only 30–60 s (RFC 4787 asks for two
 * minutes; many carriers do not): later, a command would go nowhere, so the unit is offline.
 */
export const DEFAULT_UDP_COMMAND_WINDOW_MS = 30_000;

/**
 * Codec 12 commands to a device that reports over UDP: sent to the address and port its last
 * datagram came from, in the same channel header it uses, only while that address is fresh. The
 * reply comes back as a datagram and resolves the command. One command at a time, like TCP.
 */
export class UdpCommandChannel implements CommandChannel {
  private address = '';
  private port = 0;
  private lastSeenAt = 0;
  private packetId = 0;
  private readonly pending = new PendingCommand();
  private readonly expiry: NodeJS.Timeout;

  constructor(
    private readonly socket: dgram.Socket,
    private readonly deps: IngestDeps,
    readonly unitId: number,
    private readonly imei: string,
    private readonly windowMs: number,
    onExpired: () => void,
  ) {
    this.expiry = setTimeout(onExpired, windowMs);
    this.expiry.unref();
  }

  /** A datagram from the device arrived from this address: it is reachable there for a while. */
  seen(address: string, port: number): void {
    this.address = address;
    this.port = port;
    this.lastSeenAt = Date.now();
    this.expiry.refresh();
  }

  get reachable(): boolean {
    return this.lastSeenAt > 0 && Date.now() - this.lastSeenAt <= this.windowMs;
  }

  sendCommand(text: string, timeoutMs: number): Promise<string> {
    if (!this.reachable) return Promise.reject(new Error('offline'));
    return this.pending.start(timeoutMs, () => {
      this.packetId = (this.packetId + 1) & 0xffff;
      const bytes = encodeUdpCodec12(this.packetId, 0, this.imei, { type: 'command', text });
      this.socket.send(bytes, this.port, this.address);
      this.deps.frames.add(this.unitId, 'out', 'udp codec12', bytes, () => ({ type: 'command', text }));
    });
  }

  /** A Codec 12 response arrived; true when it answered the pending command. */
  answer(text: string): boolean {
    return this.pending.answer(text);
  }

  /** The listener stops: a pending command is told the device went offline. */
  close(): void {
    clearTimeout(this.expiry);
    this.pending.cancel();
  }
}
