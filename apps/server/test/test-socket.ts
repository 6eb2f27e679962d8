import net from 'node:net';

/**
 * The TCP side of the fake devices of the integration tests: a real socket to the listener, what
 * it sends handed to the device's `received`, and waits that end on new data, on the server's
 * close or at a deadline.
 */
export abstract class TestSocket {
  protected socket!: net.Socket;
  private waiters: Array<() => void> = [];
  closed = false;

  /** Connects `device` to the listener on `port` (127.0.0.1). */
  protected static async open<D extends TestSocket>(device: D, port: number): Promise<D> {
    await new Promise<void>((resolve, reject) => {
      device.socket = net.connect(port, '127.0.0.1', () => resolve());
      device.socket.once('error', reject);
    });
    device.socket.on('data', (chunk: Buffer) => {
      device.received(chunk);
      device.wakeAll();
    });
    device.socket.on('close', () => {
      device.closed = true;
      device.wakeAll();
    });
    device.socket.on('error', () => {});
    return device;
  }

  protected abstract received(chunk: Buffer): void;

  /** Waits until `ready()` holds; false when the server closed first or the time ran out. */
  protected async waitFor(ready: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (this.closed || Date.now() > deadline) return false;
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => { clearTimeout(t); r(); });
      });
    }
    return true;
  }

  /** Resolves true once the server has closed the connection, false if it is still open after `timeoutMs`. */
  async waitClosed(timeoutMs = 5000): Promise<boolean> {
    await this.waitFor(() => this.closed, timeoutMs);
    return this.closed;
  }

  private wakeAll(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}
