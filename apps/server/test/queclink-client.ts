import dgram from 'node:dgram';
import { TestSocket } from './test-socket.ts';

/** A fake Queclink device over a real TCP socket: sends @Track text, reads the server's '$'-ended replies. */
export class QueclinkTestDevice extends TestSocket {
  private text = '';

  static connect(port: number): Promise<QueclinkTestDevice> {
    return TestSocket.open(new QueclinkTestDevice(), port);
  }

  protected received(chunk: Buffer): void {
    this.text += chunk.toString('latin1');
  }

  write(text: string): void {
    this.socket.write(text, 'latin1');
  }

  /** The next reply up to and including its '$'; null when the server closed first or the time ran out. */
  async reply(timeoutMs = 5000): Promise<string | null> {
    if (!(await this.waitFor(() => this.text.includes('$'), timeoutMs))) return null;
    const end = this.text.indexOf('$');
    const out = this.text.slice(0, end + 1);
    this.text = this.text.slice(end + 1);
    return out;
  }

  /** Sends one message and waits for the answer. */
  async send(text: string, timeoutMs = 5000): Promise<string | null> {
    this.write(text);
    return this.reply(timeoutMs);
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
