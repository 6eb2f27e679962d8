import { ProtocolError, QueclinkFramer } from '@fleet/protocols';
import type net from 'node:net';
import { PendingCommand } from './commands.ts';
import type { IngestDeps } from './ingest-deps.ts';
import { UnstorableRowError } from './position-writer.ts';
import { handleQueclinkMessage } from './queclink-message.ts';
import type { KnownUnit } from './unit-directory.ts';

const TRACK_HEAD = /^\+(RESP|BUFF|ACK):GT/;
const COMMAND = /^AT\+(GT[0-9A-Z]{3})=[\x20-\x7E]*\$?$/;

/**
 * One device's TCP conversation (report mode 3, long connection; or one message per short
 * connection). No login: every message carries the IMEI. Messages are handled in order with the
 * socket paused, so a device cannot make us buffer without bound. Text that is not @Track before
 * the device is known closes the connection; an @Track message we cannot decode is counted, shown
 * in the debugger once the unit is known, skipped and never acknowledged ('$' keeps the stream in
 * step).
 */
export class QueclinkConnection {
  unit: KnownUnit | undefined;
  imei: string | undefined;
  readonly openedAt = Date.now();
  lastDataAt = Date.now();
  partialSince: number | null = null;
  private readonly framer = new QueclinkFramer();
  private chain: Promise<void> = Promise.resolve();
  private readonly command = new PendingCommand();
  private closed = false;

  constructor(readonly socket: net.Socket, private readonly deps: IngestDeps) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
  }

  private onData(chunk: Buffer): void {
    this.lastDataAt = Date.now();
    let messages: Buffer[];
    try {
      messages = this.framer.push(chunk);
    } catch (err) {
      this.close(err instanceof ProtocolError ? `queclink:${err.code}` : 'queclink:error', err);
      return;
    }
    this.partialSince = this.framer.buffered > 0 ? (this.partialSince ?? Date.now()) : null;
    if (messages.length === 0) return;
    this.socket.pause();
    this.chain = this.chain
      .then(async () => {
        for (const m of messages) {
          if (this.closed) return;
          await this.handle(m);
        }
        if (!this.closed) this.socket.resume();
      })
      .catch((err: unknown) => this.close('queclink:store-failed', err));
  }

  private async handle(bytes: Buffer): Promise<void> {
    const { deps } = this;
    const reply = (text: string) => { if (!this.closed) this.socket.write(text, 'latin1'); };
    let outcome;
    try {
      outcome = await handleQueclinkMessage(deps, bytes, { address: this.socket.remoteAddress ?? '', transport: 'tcp' }, reply);
    } catch (err) {
      if (!(err instanceof ProtocolError) && !(err instanceof UnstorableRowError)) throw err;
      const reason = err instanceof ProtocolError ? `queclink:${err.code}` : 'queclink:unstorable';
      // Text that is not @Track at all closes a connection not yet known; an @Track message we do
      // not decode (a model's GTINF, another family) is counted and skipped.
      if (!this.unit && !TRACK_HEAD.test(bytes.toString('latin1', 0, 12))) return this.close(reason, err);
      deps.stats.closed(reason);
      if (this.unit) deps.frames.add(this.unit.unitId, 'in', 'refused', bytes, () => ({ error: err.message }));
      else deps.log.info({ reason, address: this.socket.remoteAddress, err: err.message }, 'Queclink message not decoded');
      return;
    }
    if (outcome.kind === 'source-not-allowed' || outcome.kind === 'unknown-device') return this.close(`queclink:${outcome.kind}`);
    if (this.unit?.unitId !== outcome.unit.unitId) {
      if (this.unit) deps.commands.unregister(this.unit.unitId, this);
      this.unit = outcome.unit;
      this.imei = outcome.message.imei;
      deps.commands.register(outcome.unit.unitId, this);
    }
    if (outcome.kind === 'ack') this.command.answer(outcome.text, outcome.message.command);
  }

  /** Sends an @Track command (`AT+GTxxx=…$`) and resolves with the device's `+ACK:GTxxx` for it. */
  sendCommand(text: string, timeoutMs: number): Promise<string> {
    if (this.closed || !this.unit) return Promise.reject(new Error('offline'));
    if (this.command.busy) return Promise.reject(new Error('busy'));
    const m = COMMAND.exec(text.trim());
    if (!m) return Promise.reject(new Error('not an @Track command: expected AT+GTxxx=...$'));
    const unitId = this.unit.unitId;
    const wire = text.trim().endsWith('$') ? text.trim() : `${text.trim()}$`;
    return this.command.start(timeoutMs, () => {
      this.socket.write(wire, 'latin1');
      this.deps.frames.add(unitId, 'out', 'command', Buffer.from(wire, 'latin1'), () => ({ command: m[1] }));
    }, m[1] ?? '');
  }

  close(reason: string, err?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    this.deps.stats.closed(reason);
    if (reason !== 'peer-closed') {
      this.deps.log.info({ reason, imei: this.imei, address: this.socket.remoteAddress, err: err instanceof Error ? err.message : undefined }, 'Queclink connection closed');
    }
    this.command.cancel();
    if (this.unit) this.deps.commands.unregister(this.unit.unitId, this);
    this.socket.end();
    this.socket.destroySoon();
    setTimeout(() => this.socket.destroy(), 2000).unref();
  }
}
