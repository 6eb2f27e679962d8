import { decodeGt06ServerFrame, Gt06Framer, type Gt06ServerMessage } from '@fleet/protocols';
import { TestSocket } from './test-socket.ts';

/** A fake GT06 device over a real TCP socket for integration tests: writes frames, reads the server's frames. */
export class Gt06TestDevice extends TestSocket {
  private readonly framer = new Gt06Framer();
  private readonly inbox: Gt06ServerMessage[] = [];

  static connect(port: number): Promise<Gt06TestDevice> {
    return TestSocket.open(new Gt06TestDevice(), port);
  }

  protected received(chunk: Buffer): void {
    for (const f of this.framer.push(chunk)) this.inbox.push(decodeGt06ServerFrame(f));
  }

  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** The next frame from the server; null when the server closed first or the time ran out. */
  async next(timeoutMs = 5000): Promise<Gt06ServerMessage | null> {
    if (!(await this.waitFor(() => this.inbox.length > 0, timeoutMs))) return null;
    return this.inbox.shift() ?? null;
  }

  close(): void {
    this.socket.destroy();
  }
}
