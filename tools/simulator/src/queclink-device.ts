import {
  encodeQueclinkHeartbeat, encodeQueclinkHeartbeatSack, encodeQueclinkReport, encodeQueclinkSack, queclinkCount, type QueclinkReportInput, queclinkTime,
} from '@fleet/protocols';
import type { DeviceOptions } from './device.ts';
import { DeviceLoop } from './device-loop.ts';
import { type QueclinkDraft, draftsFor, SIM_QUECLINK_VERSION } from './queclink-reports.ts';
import { QueclinkLink } from './queclink-link.ts';

export interface QueclinkDeviceOptions extends DeviceOptions {
  /** 'udp': report mode 4, each message a datagram (default 'tcp', long connection). */
  transport?: 'tcp' | 'udp';
  /** A heartbeat (+ACK:GTHBD) after this long without a message (default 60 s; 0: none). */
  heartbeatMs?: number;
}

interface Pending {
  /** A report, or null for a heartbeat. */
  draft: QueclinkDraft | null;
  count: number;
  sendTimeMs: number;
  /** Generated while the link was down: sent as +BUFF (the device's buffer). */
  buffered: boolean;
  sends: number;
}

/**
 * One simulated Queclink GV300 (@Track ASCII) with SACK enabled: every message waits for its
 * +SACK (the count number echoed) before the next is sent; no SACK in time means reconnect and
 * send it again, so nothing is lost. Reports made while the link is down go out later as +BUFF.
 */
export class QueclinkDevice extends DeviceLoop<QueclinkLink, QueclinkDeviceOptions> {
  private readonly buffer: Pending[] = [];
  private readonly ignition: { lastIgnitionMs: number };
  private readonly cell: { mcc: number; mnc: number; lac: number; cellId: number };
  private count = 0;
  private lastSentMs = 0;

  constructor(opts: QueclinkDeviceOptions) {
    super(opts);
    this.ignition = { lastIgnitionMs: this.now() };
    const n = Number(this.imei.slice(-5));
    this.cell = { mcc: 234, mnc: 15, lac: 0x1000 + (n % 0x100), cellId: 0x4000 + (n % 0x1000) };
  }

  protected buffered(): number {
    const positions = (p: Pending) => (p.draft?.type === 'GTFRI' ? p.draft.positions.length : 1);
    return this.buffer.reduce((a, p) => a + positions(p), 0);
  }

  protected generate(): void {
    const online = this.link !== undefined && !this.link.isClosed;
    const heartbeatMs = this.opts.heartbeatMs ?? 60_000;
    // Heartbeats are not buffered (vendor document): only when online and nothing was sent for a while.
    if (online && heartbeatMs > 0 && this.buffer.length === 0 && this.now() - this.lastSentMs >= heartbeatMs) {
      this.buffer.push({ draft: null, count: this.count++ & 0xffff, sendTimeMs: this.now(), buffered: false, sends: 0 });
    }
    // Reports made while a link that was up is down go out later as +BUFF (not those before the first connect).
    const buffered = this.counters.connects > 0 && !online;
    for (const draft of draftsFor(this.opts.source.advanceTo(this.now()), this.cell, this.ignition)) {
      this.buffer.push({ draft, count: this.count++ & 0xffff, sendTimeMs: this.now(), buffered, sends: 0 });
      this.counters.generated += draft.type === 'GTFRI' ? draft.positions.length : 1;
    }
    const excess = this.buffer.length - (this.opts.maxBufferedRecords ?? 100_000);
    if (excess > 0) this.counters.dropped += this.buffer.splice(1, excess).length;
    this.wake.notify();
  }

  private encode(p: Pending): string {
    if (!p.draft) return encodeQueclinkHeartbeat(SIM_QUECLINK_VERSION, this.imei, '', p.sendTimeMs, p.count);
    const head = { buffered: p.buffered, protocolVersion: SIM_QUECLINK_VERSION, imei: this.imei, count: p.count, sendTimeMs: p.sendTimeMs };
    return encodeQueclinkReport({ ...p.draft, ...head } as QueclinkReportInput);
  }

  protected async session(): Promise<void> {
    const link = await QueclinkLink.open(this.opts.transport ?? 'tcp', this.opts.host, this.opts.port, (cmd) => this.answer(link, cmd));
    this.link = link;
    link.onClose(() => this.wake.notify());
    this.counters.connects++;
    while (!this.abort.signal.aborted && !link.isClosed) {
      const p = this.buffer[0];
      if (!p) {
        await this.wake.wait();
        continue;
      }
      if (p.sends++ === 0) this.counters.sent++;
      else this.counters.resent++;
      link.write(this.encode(p));
      this.lastSentMs = this.now();
      const expected = p.draft ? encodeQueclinkSack(queclinkCount(p.count)) : encodeQueclinkHeartbeatSack(SIM_QUECLINK_VERSION, queclinkCount(p.count));
      const sack = await link.readSack(this.opts.ackTimeoutMs ?? 20_000).catch((err: Error) => {
        if (err.message.startsWith('no SACK')) this.counters.ackTimeouts++;
        throw err;
      });
      if (sack !== expected) throw new Error(`SACK ${sack} does not match ${expected}; reconnecting`);
      this.buffer.shift();
      this.backoff.reset();
      if (p.draft) this.counters.acked += p.draft.type === 'GTFRI' ? p.draft.positions.length : 1;
    }
  }

  /** An @Track command: acknowledged with +ACK:GTxxx echoing its serial number (the field before '$'). */
  private answer(link: QueclinkLink, command: string): void {
    this.counters.commands++;
    const m = /^AT\+(GT[0-9A-Z]{3})=.*,([0-9A-Fa-f]{4})\$$/.exec(command);
    if (!m) return;
    if (m[1] === 'GTOUT') {
      const fields = command.split(',');
      this.opts.source.setOutputs([fields[2] === '1', fields[6] === '1']);
    }
    link.write(`+ACK:${m[1]},${SIM_QUECLINK_VERSION},${this.imei},,${m[2]},${queclinkTime(this.now())},${queclinkCount(this.count++)}$`);
  }
}
