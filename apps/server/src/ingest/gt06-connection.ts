import {
  decodeGt06Frame, encodeGt06Command, encodeGt06Reply, encodeGt06TimeReply, GT06, type Gt06Message, Gt06Framer, gt06Report,
  ProtocolError,
} from '@fleet/protocols';
import type net from 'node:net';
import type { IngestDeps } from './ingest-deps.ts';
import type { PositionRow } from './position-writer.ts';
import { isoTime } from './records.ts';
import { sourceAllowed } from './source-allow.ts';
import { CloseReason, TcpDeviceConnection } from './tcp-connection.ts';

/** Packets the manuals say the server answers: login, heartbeats and alarms (locations and LBS need none). */
const ANSWERED = new Set<number>([GT06.heartbeat, GT06.heartbeat23, GT06.alarm, GT06.alarm26, GT06.alarm27, GT06.alarm4g]);

/**
 * One GT06 device's TCP conversation. The frames of one socket read are handled in order; their
 * reports are written together (one position per frame is the common case, so one write per
 * read keeps a fast sender from costing one commit per position), and the answers the protocol
 * wants (heartbeat, alarm) go out only after that write has committed. The socket is paused
 * meanwhile (see TcpDeviceConnection). Close reasons are counted as 'gt06:…'.
 */
export class Gt06Connection extends TcpDeviceConnection<Buffer> {
  private serial = 0;

  constructor(socket: net.Socket, deps: IngestDeps, maxFrameBytes: number) {
    super(socket, deps, new Gt06Framer({ maxFrameBytes }), {
      framing: (code) => `gt06:protocol:${code}`, unstorable: 'gt06:unstorable', storeFailed: 'gt06:store-failed', closed: 'GT06 connection closed',
    });
  }

  protected async handleRead(frames: Buffer[]): Promise<void> {
    const rows: PositionRow[] = [];
    const replies: Array<{ bytes: Buffer; kind: string; serial: number }> = [];
    const flush = async () => {
      const unit = this.unit;
      if (rows.length > 0 && unit) {
        const written = await this.deps.writer.write(rows.splice(0));
        this.deps.stats.accepted(written);
        this.deps.onStored();
      }
      // Only now, with the reports committed, does the device hear that they arrived.
      for (const r of replies.splice(0)) this.send(r.bytes, r.kind, { serial: r.serial });
    };
    for (const bytes of frames) {
      if (this.isClosed) return;
      let m: Gt06Message;
      try {
        m = decodeGt06Frame(bytes);
      } catch (err) {
        if (!(err instanceof ProtocolError)) throw err;
        // The manual: a packet with a bad CRC is discarded; the stream itself is still framed.
        if (!this.unit) throw new CloseReason(`gt06:protocol:${err.code}`);
        this.deps.frames.add(this.unit.unitId, 'in', 'gt06 discarded', bytes, () => ({ error: err.message }));
        continue;
      }
      if (m.type === 'login') {
        await flush();
        await this.login(m, bytes);
        continue;
      }
      const unit = this.unit;
      if (!unit) throw new CloseReason('gt06:protocol:no-login');
      this.deps.frames.add(unit.unitId, 'in', `gt06 0x${m.protocol.toString(16).padStart(2, '0')} ${m.type}`, bytes, () => summary(m));
      if (m.type === 'commandReply') this.command.answer(m.text);
      else if (m.type === 'timeRequest') replies.push({ bytes: encodeGt06TimeReply(m.serial, Date.now()), kind: 'gt06 time', serial: m.serial });
      const report = gt06Report(m, Date.now());
      if (report) {
        rows.push({
          unitId: unit.unitId, deviceTimeMs: report.timeMs, lat: report.latitude, lon: report.longitude, altitude: 0,
          angle: report.angle, satellites: report.satellites, speed: report.speedKmh, priority: m.type !== 'alarm' ? 0 : m.alarm === 'sos' ? 2 : 1,
          eventIo: report.eventIo, io: report.io, protocol: 'gt06',
        });
      }
      if (ANSWERED.has(m.protocol)) replies.push({ bytes: encodeGt06Reply(m.protocol, m.serial), kind: 'gt06 reply', serial: m.serial });
    }
    await flush();
  }

  private async login(m: Extract<Gt06Message, { type: 'login' }>, bytes: Buffer): Promise<void> {
    const { deps } = this;
    if (this.unit) {
      if (m.imei !== this.imei) throw new CloseReason('gt06:protocol:imei-changed');
    } else {
      this.imei = m.imei;
      // A source outside GT06_ALLOW hears exactly what an unknown IMEI hears (nothing), and is not listed.
      if (!sourceAllowed(deps.allow.gt06, this.socket.remoteAddress)) throw new CloseReason('gt06:source-not-allowed');
      const unit = await deps.directory.lookup(m.imei);
      if (!unit) {
        await deps.directory.recordUnknown(m.imei, 'gt06', this.socket.remoteAddress ?? '');
        throw new CloseReason('gt06:unknown-device');
      }
      if (this.isClosed) return;
      this.unit = unit;
      deps.commands.register(unit.unitId, this);
    }
    deps.frames.add(this.unit.unitId, 'in', 'gt06 0x01 login', bytes, () => summary(m));
    this.send(encodeGt06Reply(GT06.login, m.serial), 'gt06 reply', { serial: m.serial });
  }

  private send(bytes: Buffer, kind: string, decoded: unknown): void {
    if (this.isClosed) return;
    this.socket.write(bytes);
    if (this.unit) this.deps.frames.add(this.unit.unitId, 'out', kind, bytes, () => decoded);
  }

  /** Sends an online command (0x80) and waits for the device's 0x15 / 0x21 answer, one at a time. */
  sendCommand(text: string, timeoutMs: number): Promise<string> {
    if (this.isClosed || !this.unit) return Promise.reject(new Error('offline'));
    if (this.command.busy) return Promise.reject(new Error('busy'));
    if (!/^[\x20-\x7e]{1,200}$/.test(text)) return Promise.reject(new Error('a GT06 command is 1–200 printable ASCII characters'));
    return this.command.start(timeoutMs, () => {
      this.serial = (this.serial + 1) & 0xffff;
      // The server flag comes back in the answer; the serial makes each command's flag its own.
      this.send(encodeGt06Command(text, this.serial, this.serial), 'gt06 0x80 command', { text, serverFlag: this.serial });
    });
  }
}

/** The debugger's words for a packet. */
function summary(m: Gt06Message): unknown {
  if (m.type === 'location' || m.type === 'alarm') return { ...m, gps: { ...m.gps, time: isoTime(m.gps.timeMs) } };
  if (m.type === 'lbs') return { ...m, time: isoTime(m.timeMs) };
  return m;
}
