import dgram from 'node:dgram';
import net from 'node:net';

/**
 * The device's side of a Queclink @Track connection, TCP or UDP: writes text, and splits what the
 * server sends into '$'-ended messages: SACKs go to whoever waits for one, AT+GT commands to
 * `onCommand`.
 */
export class QueclinkLink {
  private text = '';
  private closed = false;
  private waiter: { resolve(sack: string): void; reject(e: Error): void; timer: NodeJS.Timeout } | undefined;
  private readonly closeListeners: Array<() => void> = [];
  private readonly tcp: net.Socket | undefined;
  private readonly udp: dgram.Socket | undefined;

  private constructor(
    transport: 'tcp' | 'udp', private readonly host: string, private readonly port: number,
    private readonly onCommand: (text: string) => void,
  ) {
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

  get isClosed(): boolean {
    return this.closed;
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  write(text: string): void {
    if (this.closed) return;
    if (this.tcp) this.tcp.write(text, 'latin1');
    else this.udp?.send(Buffer.from(text, 'latin1'), this.port, this.host);
  }

  /** The server's next +SACK message. */
  readSack(timeoutMs: number): Promise<string> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('connection closed'));
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`no SACK within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = { resolve, reject, timer };
    });
  }

  destroy(): void {
    this.tcp?.destroy();
    if (this.udp && !this.closed) this.udp.close();
    this.fail(new Error('connection closed'));
  }

  private received(chunk: string): void {
    this.text += chunk;
    for (let end = this.text.indexOf('$'); end >= 0; end = this.text.indexOf('$')) {
      const message = this.text.slice(0, end + 1).trim();
      this.text = this.text.slice(end + 1);
      if (message.startsWith('AT+GT')) this.onCommand(message);
      else if (message.startsWith('+SACK:') && this.waiter) {
        const w = this.waiter;
        this.waiter = undefined;
        clearTimeout(w.timer);
        w.resolve(message);
      }
    }
    if (this.text.length > 4096) this.text = '';
  }

  private fail(err: Error): void {
    if (this.closed) return;
    this.closed = true;
    if (this.waiter) {
      clearTimeout(this.waiter.timer);
      this.waiter.reject(err);
      this.waiter = undefined;
    }
    for (const l of this.closeListeners.splice(0)) l();
  }
}
