import dgram from 'node:dgram';
import net from 'node:net';

/** A fake Queclink device over a real TCP socket: sends @Track text, reads the server's '$'-ended replies. */
export class QueclinkTestDevice {
  private socket!: net.Socket;
  private text = '';
  private waiters: Array<() => void> = [];
  closed = false;

  static async connect(port: number): Promise<QueclinkTestDevice> {
    const d = new QueclinkTestDevice();
    await new Promise<void>((resolve, reject) => {
      d.socket = net.connect(port, '127.0.0.1', () => resolve());
      d.socket.once('error', reject);
    });
    d.socket.on('data', (chunk: Buffer) => {
      d.text += chunk.toString('latin1');
      for (const w of d.waiters.splice(0)) w();
    });
    d.socket.on('close', () => {
      d.closed = true;
      for (const w of d.waiters.splice(0)) w();
    });
    d.socket.on('error', () => {});
    return d;
  }

  write(text: string): void {
    this.socket.write(text, 'latin1');
  }

  /** The next reply up to and including its '$'; null when the server closed first or the time ran out. */
  async reply(timeoutMs = 5000): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.text.indexOf('$');
      if (end >= 0) {
        const out = this.text.slice(0, end + 1);
        this.text = this.text.slice(end + 1);
        return out;
      }
      if (this.closed || Date.now() > deadline) return null;
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => { clearTimeout(t); r(); });
      });
    }
  }

  /** Sends one message and waits for the answer. */
  async send(text: string, timeoutMs = 5000): Promise<string | null> {
    this.write(text);
    return this.reply(timeoutMs);
  }

  /** Resolves true once the server has closed the connection, false if it is still open after `timeoutMs`. */
  async waitClosed(timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) {
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => { clearTimeout(t); r(); });
      });
    }
    return this.closed;
  }

  close(): void {
    this.socket.end();
  }
}

/** Sends one datagram and waits for one answer; null when none comes in time. */
export async function queclinkUdpExchange(port: number, text: string, timeoutMs = 3000): Promise<string | null> {
  const s = dgram.createSocket('udp4');
  try {
    return await new Promise<string | null>((resolve) => {
      const t = setTimeout(() => resolve(null), timeoutMs);
      s.on('message', (m) => { clearTimeout(t); resolve(m.toString('latin1')); });
      s.send(Buffer.from(text, 'latin1'), port, '127.0.0.1');
    });
  } finally {
    s.close();
  }
}
