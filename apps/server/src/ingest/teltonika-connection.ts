import { encodeAck, encodeCodec12Command, encodeImeiReply, TeltonikaFramer, type Frame } from '@fleet/protocols';
import type net from 'node:net';
import type { IngestDeps } from './ingest-deps.ts';
import { avlRecordToRow, describeRecord } from './records.ts';
import { sourceAllowed } from './source-allow.ts';
import { CloseReason, TcpDeviceConnection } from './tcp-connection.ts';

/**
 * One device's TCP conversation: IMEI login, AVL packets acknowledged only after their records are
 * committed, keep-alives, and Codec 12 command replies. Frames are handled strictly in order (see
 * TcpDeviceConnection); close reasons are counted unprefixed.
 */
export class TeltonikaConnection extends TcpDeviceConnection<Frame> {
  constructor(socket: net.Socket, deps: IngestDeps, maxDataLength: number) {
    super(socket, deps, new TeltonikaFramer({ maxDataLength }), {
      framing: (code) => `protocol:${code}`, unstorable: 'unstorable', storeFailed: 'store-failed', closed: 'device connection closed',
    });
  }

  protected handleRead(frames: Frame[]): Promise<void> {
    return this.inTurn(frames, (f) => this.handle(f));
  }

  private async handle(frame: Frame): Promise<void> {
    const { deps } = this;
    if (frame.kind === 'imei') {
      this.imei = frame.imei;
      // A source outside TELTONIKA_ALLOW hears exactly what an unknown IMEI hears, and is not listed.
      if (!sourceAllowed(deps.allow.teltonika, this.socket.remoteAddress)) {
        this.socket.write(encodeImeiReply(false));
        throw new CloseReason('source-not-allowed');
      }
      const unit = await deps.directory.lookup(frame.imei);
      if (!unit) {
        await deps.directory.recordUnknown(frame.imei, 'teltonika-tcp', this.socket.remoteAddress ?? '');
        this.socket.write(encodeImeiReply(false));
        throw new CloseReason('unknown-device');
      }
      this.unit = unit;
      deps.commands.register(unit.unitId, this);
      deps.frames.add(unit.unitId, 'in', 'imei', frame.bytes, () => ({ imei: frame.imei }));
      this.socket.write(encodeImeiReply(true));
      return;
    }
    // A keep-alive may come before the login (devices send one after reconnecting): nothing to do.
    if (frame.kind === 'keepalive') return;
    const unit = this.unit;
    if (!unit) throw new CloseReason('protocol:no-login');
    if (frame.kind === 'codec12' || frame.kind === 'codec13') {
      deps.frames.add(unit.unitId, 'in', frame.kind, frame.bytes, () => frame.message);
      // Codec 13 is one-way (device → server) and never answered; like a Codec 12 response it
      // answers a pending command. Anything else stays in the debugger's frame log only.
      const reply = frame.kind === 'codec13' || frame.message.type === 'response';
      if (reply) this.command.answer(frame.message.text);
      return;
    }
    if (frame.kind === 'unsupported') {
      this.unsupported(unit.unitId, frame.codec, frame.command, frame.bytes);
      return;
    }
    const { records } = frame.packet;
    deps.frames.add(unit.unitId, 'in', `avl codec 0x${frame.packet.codec.toString(16)}`, frame.bytes, () => records.map(describeRecord));
    const written = await deps.writer.write(records.map((r) => avlRecordToRow(unit.unitId, r, 'teltonika')));
    // Only now, with the records committed, does the device hear that they arrived.
    const ack = encodeAck(records.length);
    this.socket.write(ack);
    deps.stats.accepted(written);
    deps.frames.add(unit.unitId, 'out', 'ack', ack, () => ({ accepted: records.length }));
    deps.onStored();
  }

  /**
   * A CRC-valid packet of a codec we do not decode: kept in the debugger, and for a data codec
   * answered "0 records accepted" (the device keeps it and may send it again); command codecs are
   * never answered. The connection goes on with the next packet.
   */
  private unsupported(unitId: number, codec: number, command: boolean, bytes: Buffer): void {
    const name = `0x${codec.toString(16).toUpperCase().padStart(2, '0')}`;
    this.deps.stats.closed(`protocol:unsupported-codec-${name}`);
    this.deps.frames.add(unitId, 'in', `unsupported codec ${name}`, bytes, () => ({ codec: name, decoded: false }));
    if (command) return;
    const ack = encodeAck(0);
    this.socket.write(ack);
    this.deps.frames.add(unitId, 'out', 'ack', ack, () => ({ accepted: 0 }));
  }

  /** Sends a Codec 12 command and waits for the device's reply, one command at a time. */
  sendCommand(text: string, timeoutMs: number): Promise<string> {
    if (this.isClosed || !this.unit) return Promise.reject(new Error('offline'));
    const unitId = this.unit.unitId;
    return this.command.start(timeoutMs, () => {
      const bytes = encodeCodec12Command(text);
      this.socket.write(bytes);
      this.deps.frames.add(unitId, 'out', 'codec12', bytes, () => ({ type: 'command', text }));
    });
  }
}
