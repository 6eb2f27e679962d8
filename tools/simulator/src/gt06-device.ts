import { connect } from 'node:net';
import {
  type AvlRecord, encodeGt06Alarm, encodeGt06CommandReply, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login, GT06,
  type Gt06Cell, type Gt06Gps,
} from '@fleet/protocols';
import { sleep } from './backoff.ts';
import type { DeviceOptions } from './device.ts';
import { connected, DeviceLoop } from './device-loop.ts';
import { Gt06Link } from './gt06-link.ts';
import { replyToGt06Command } from './gt06-replies.ts';
import { IO, PANIC_DIN_IO } from './io.ts';

export interface Gt06DeviceOptions extends DeviceOptions {
  /**
   * A heartbeat (0x13) this often while connected (default five record intervals, 5–30 s; real
   * devices default to minutes, but its answer is what confirms the reports before it), and after
   * every `confirmEvery` reports.
   */
  heartbeatMs?: number;
  confirmEvery?: number;
}

/**
 * One simulated GT06/Concox tracker over TCP: login 0x01 (retried with backoff when the server
 * stays silent, as it does for an unknown IMEI), a 0x22 location per record, an SOS alarm 0x26
 * when the panic button goes on, heartbeats 0x13, and answers (0x21) to online commands 0x80.
 * Locations have no answer in the protocol, but the server answers a heartbeat only after storing
 * everything sent before it, so a record leaves the buffer when a later heartbeat is answered; after
 * a reconnect the rest is sent again (the server stores a re-sent report once).
 */
export class Gt06Device extends DeviceLoop<Gt06Link, Gt06DeviceOptions> {
  private readonly buffer: Array<{ record: AvlRecord; sends: number }> = [];
  private readonly cell: Gt06Cell;
  private serial = 0;

  constructor(opts: Gt06DeviceOptions) {
    super(opts);
    this.cell = { mcc: 234, mnc: 15, lac: 6140, cid: String(Number(opts.imei.slice(-6)) % 0xffffff) };
  }

  protected buffered(): number {
    return this.buffer.length;
  }

  protected generate(): void {
    for (const record of this.opts.source.advanceTo(this.now())) {
      this.buffer.push({ record, sends: 0 });
      this.counters.generated++;
    }
    const excess = this.buffer.length - (this.opts.maxBufferedRecords ?? 100_000);
    if (excess > 0) this.counters.dropped += this.buffer.splice(0, excess).length;
    this.wake.notify();
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  protected async session(): Promise<void> {
    const socket = connect({ host: this.opts.host, port: this.opts.port });
    socket.setNoDelay(true);
    const link = new Gt06Link(socket, (m) => this.answer(link, m.text, m.serverFlag), (msg) => this.opts.log?.(`${this.imei}: ${msg}`));
    this.link = link;
    link.onClose(() => this.wake.notify());
    await connected(socket);
    this.counters.connects++;
    const loginSerial = this.nextSerial();
    link.write(encodeGt06Login(this.imei, loginSerial));
    if (!(await link.answer(GT06.login, loginSerial, this.opts.loginTimeoutMs ?? 10_000))) {
      this.counters.loginRefused++;
      throw new Error('login not answered (unknown IMEI?)');
    }
    this.backoff.reset();
    for (const p of this.buffer) p.sends = 0;
    const heartbeatMs = this.opts.heartbeatMs ?? Math.min(30_000, Math.max(5000, 5 * this.opts.intervalMs));
    const confirmEvery = this.opts.confirmEvery ?? 200;
    let lastBeat = this.now();
    let sentUpTo = 0;
    while (!this.abort.signal.aborted && !link.isClosed) {
      for (; sentUpTo < this.buffer.length && sentUpTo < confirmEvery; sentUpTo++) {
        const p = this.buffer[sentUpTo] as { record: AvlRecord; sends: number };
        if (p.sends++ === 0) this.counters.sent++;
        else this.counters.resent++;
        link.write(this.encode(p.record));
      }
      if (sentUpTo >= confirmEvery || this.now() - lastBeat >= heartbeatMs) {
        lastBeat = this.now();
        const serial = this.nextSerial();
        const snap = this.opts.source.snapshot();
        link.write(encodeGt06Heartbeat({ status: this.status(snap.ignition, snap.satellites > 0), voltageLevel: 6, gsm: Math.min(4, snap.gsm), language: 2 }, serial));
        if (!(await link.answer(GT06.heartbeat, serial, this.opts.ackTimeoutMs ?? 20_000))) {
          if (!link.isClosed) this.counters.ackTimeouts++;
          throw new Error('heartbeat not answered; reconnecting');
        }
        this.counters.acked += this.buffer.splice(0, sentUpTo).length;
        sentUpTo = 0;
        continue;
      }
      await Promise.race([this.wake.wait(), sleep(heartbeatMs - (this.now() - lastBeat), this.abort.signal)]);
    }
  }

  private status(acc: boolean, fixed: boolean) {
    return { cutOff: this.opts.source.snapshot().outputs[0], gpsFixed: fixed, alarmBits: 0, charging: acc, acc, defence: false };
  }

  /** A record as a 0x22 location, or as an SOS alarm 0x26 when it is the panic button going on. */
  private encode(r: AvlRecord): Buffer {
    const gps: Gt06Gps = {
      timeMs: r.timestampMs, satellites: Math.min(15, r.satellites), latitude: r.latitude, longitude: r.longitude,
      speedKmh: r.speedKmh, course: r.angle, positioned: r.satellites > 0, differential: false,
    };
    const acc = r.io.get(IO.IGNITION)?.value === 1;
    if (r.eventIoId === PANIC_DIN_IO && r.io.get(PANIC_DIN_IO)?.value === 1) {
      return encodeGt06Alarm(0x26, { gps, cell: this.cell, status: this.status(acc, gps.positioned), voltageLevel: 6, gsm: 4, alarmCode: 0x01 }, this.nextSerial());
    }
    return encodeGt06Location(0x22, { gps, cell: this.cell, acc }, this.nextSerial());
  }

  private answer(link: Gt06Link, command: string, serverFlag: number): void {
    this.counters.commands++;
    const snap = this.opts.source.snapshot();
    const text = replyToGt06Command(command, {
      ...snap, imei: this.imei, nowMs: this.now(), startedMs: this.startedMs,
      setOutputs: (outputs) => this.opts.source.setOutputs(outputs),
    });
    link.write(encodeGt06CommandReply(text, serverFlag, this.nextSerial()));
  }
}
