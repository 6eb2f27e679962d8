import { decodeGt06ServerFrame, Gt06Framer, type Gt06ServerMessage } from '@fleet/protocols';
import net from 'node:net';

/** A fake GT06 device over a real TCP socket for integration tests: writes frames, reads the server's frames. */
export class Gt06TestDevice {
  private socket!: net.Socket;
  private readonly framer = new Gt06Framer();
  private readonly inbox: Gt06ServerMessage[] = [];
  private waiters: Array<() => void> = [];
  closed = false;

  static async connect(port: number): Promise<Gt06TestDevice> {
    const d = new Gt06TestDevice();
    await new Promise<void>((resolve, reject) => {
      d.socket = net.connect(port, '127.0.0.1', () => resolve());
      d.socket.once('error', reject);
    });
    d.socket.on('data', (chunk: Buffer) => {
      for (const f of d.framer.push(chunk)) d.inbox.push(decodeGt06ServerFrame(f));
      for (const w of d.waiters.splice(0)) w();
    });
    d.socket.on('close', () => {
      d.closed = true;
      for (const w of d.waiters.splice(0)) w();
    });
    d.socket.on('error', () => {});
    return d;
  }

  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** The next frame from the server; null when the server closed first or the time ran out. */
  async next(timeoutMs = 5000): Promise<Gt06ServerMessage | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.inbox.length === 0) {
      if (this.closed || Date.now() > deadline) return null;
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => { clearTimeout(t); r(); });
      });
    }
    return this.inbox.shift() ?? null;
  }

  /** Resolves once the server has closed the connection (false if it is still open after timeoutMs). */
  async waitClosed(timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }

  close(): void {
    this.socket.destroy();
  }
}
