import { ProtocolError, QueclinkFramer } from '@fleet/protocols';
import type net from 'node:net';
import type { IngestDeps } from './ingest-deps.ts';
import { UnstorableRowError } from './position-writer.ts';
import { handleQueclinkMessage } from './queclink-message.ts';
import { TcpDeviceConnection } from './tcp-connection.ts';

const TRACK_HEAD = /^\+(RESP|BUFF|ACK):GT/;
const COMMAND = /^AT\+(GT[0-9A-Z]{3})=[\x20-\x7E]*\$?$/;

/**
 * One device's TCP conversation (report mode 3, long connection; or one message per short
 * connection). No login: every message carries the IMEI. Messages are handled in order with the
 * socket paused, so a device cannot make us buffer without bound. Text that is not @Track before
 * the device is known closes the connection; an @Track message we cannot decode is counted, shown
 * in the debugger once the unit is known, skipped and never acknowledged ('$' keeps the stream in
 * step). Close reasons are counted as 'queclink:…'.
 */
export class QueclinkConnection extends TcpDeviceConnection<Buffer> {
  constructor(socket: net.Socket, deps: IngestDeps) {
    // handle() counts a message it cannot decode or store itself, so only other failures reach 'store-failed'.
    super(socket, deps, new QueclinkFramer(), {
      framing: (code) => `queclink:${code}`, unstorable: 'queclink:store-failed', storeFailed: 'queclink:store-failed', closed: 'Queclink connection closed',
    });
  }

  protected handleRead(frames: Buffer[]): Promise<void> {
    return this.inTurn(frames, (f) => this.handle(f));
  }

  private async handle(bytes: Buffer): Promise<void> {
    const { deps } = this;
    const reply = (text: string) => { if (!this.isClosed) this.socket.write(text, 'latin1'); };
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
    if (this.isClosed || !this.unit) return Promise.reject(new Error('offline'));
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
}
