import type { Socket } from 'node:net';
import { decodeGt06ServerFrame, Gt06Framer, type Gt06ServerMessage } from '@fleet/protocols';
import { LinkBase } from './link-base.ts';

/**
 * The device's side of one GT06 TCP connection: frames what the server sends, hands online
 * commands (0x80) to `onCommand` and resolves waiters for the answer to a packet (same protocol
 * number and serial).
 */
export class Gt06Link extends LinkBase {
  private readonly framer = new Gt06Framer();
  private readonly waiters = new Map<string, (m: Gt06ServerMessage | null) => void>();

  constructor(
    readonly socket: Socket,
    private readonly onCommand: (m: Extract<Gt06ServerMessage, { type: 'command' }>) => void,
    private readonly onProtocolError: (message: string) => void = () => {},
  ) {
    super();
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => this.fail());
    socket.on('error', () => this.fail());
  }

  write(bytes: Buffer): void {
    if (!this.isClosed) this.socket.write(bytes);
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** The server's answer to packet (protocol, serial); null on a timeout or when the connection closes. */
  answer(protocol: number, serial: number, timeoutMs: number): Promise<Gt06ServerMessage | null> {
    if (this.isClosed) return Promise.resolve(null);
    const key = `${protocol}:${serial}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(key);
        resolve(null);
      }, timeoutMs);
      this.waiters.set(key, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  }

  private onData(chunk: Buffer): void {
    let frames: Buffer[];
    try {
      frames = this.framer.push(chunk);
    } catch (err) {
      this.onProtocolError(`unframeable bytes from the server: ${(err as Error).message}`);
      this.socket.destroy();
      return;
    }
    for (const frame of frames) {
      let m: Gt06ServerMessage;
      try {
        m = decodeGt06ServerFrame(frame);
      } catch (err) {
        this.onProtocolError(`bad frame from the server: ${(err as Error).message}`);
        continue;
      }
      if (m.type === 'command') {
        this.onCommand(m);
        continue;
      }
      const key = `${m.protocol}:${m.serial}`;
      const w = this.waiters.get(key);
      this.waiters.delete(key);
      w?.(m);
    }
  }

  private fail(): void {
    this.markClosed(() => {
      for (const w of this.waiters.values()) w(null);
      this.waiters.clear();
    });
  }
}
