import dgram from 'node:dgram';
import net from 'node:net';
import { LinkBase, TimedWait } from './link-base.ts';

/**
 * The device's side of a Queclink @Track connection, TCP or UDP: writes text, and splits what the
 * server sends into '$'-ended messages: SACKs go to whoever waits for one, AT+GT commands to
 * `onCommand`.
 */
export class QueclinkLink extends LinkBase {
  private text = '';
  private readonly sack = new TimedWait<string>();
  private readonly tcp: net.Socket | undefined;
  private readonly udp: dgram.Socket | undefined;

  private constructor(
    transport: 'tcp' | 'udp', private readonly host: string, private readonly port: number,
    private readonly onCommand: (text: string) => void,
  ) {
    super();
    if (transport === 'tcp') {
      this.tcp = net.connect({ host, port });
      this.tcp.setNoDelay(true);
      this.tcp.on('data', (chunk: Buffer) => this.received(chunk.toString('latin1')));
      this.tcp.on('close', () => this.fail(new Error('connection closed')));
      this.tcp.on('error', (err) => this.fail(err));
    } else {
      this.udp = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
      this.udp.on('message', (msg) => this.received(`${msg.toString('latin1')}${msg.toString('latin1').endsWith('$') ? '' : '$'}`));
      this.udp.on('error', (err) => this.fail(err));
    }
  }

  /** A connected link (for UDP: a bound socket). */
  static open(transport: 'tcp' | 'udp', host: string, port: number, onCommand: (text: string) => void): Promise<QueclinkLink> {
    const link = new QueclinkLink(transport, host, port, onCommand);
    return new Promise((resolve, reject) => {
      if (link.tcp) {
        link.tcp.once('connect', () => resolve(link));
        link.tcp.once('error', reject);
        link.tcp.once('close', () => reject(new Error('connection closed')));
      } else {
        link.udp?.bind(0, () => resolve(link));
      }
    });
  }

  write(text: string): void {
    if (this.isClosed) return;
    if (this.tcp) this.tcp.write(text, 'latin1');
    else this.udp?.send(Buffer.from(text, 'latin1'), this.port, this.host);
  }

  /** The server's next +SACK message. */
  readSack(timeoutMs: number): Promise<string> {
    if (this.isClosed) return Promise.reject(new Error('connection closed'));
    return this.sack.start(timeoutMs, `no SACK within ${timeoutMs} ms`);
  }

  destroy(): void {
    this.tcp?.destroy();
    if (this.udp && !this.isClosed) this.udp.close();
    this.fail(new Error('connection closed'));
  }

  private received(chunk: string): void {
    this.text += chunk;
    for (let end = this.text.indexOf('$'); end >= 0; end = this.text.indexOf('$')) {
      const message = this.text.slice(0, end + 1).trim();
      this.text = this.text.slice(end + 1);
      if (message.startsWith('AT+GT')) this.onCommand(message);
      else if (message.startsWith('+SACK:')) this.sack.settle(message);
    }
    if (this.text.length > 4096) this.text = '';
  }

  private fail(err: Error): void {
    this.markClosed(() => this.sack.fail(err));
  }
}
