import { ProtocolError } from '@fleet/protocols';
import type net from 'node:net';
import { type CommandChannel, PendingCommand } from './commands.ts';
import type { IngestDeps } from './ingest-deps.ts';
import { UnstorableRowError } from './position-writer.ts';
import type { KnownUnit } from './unit-directory.ts';

/** Why a connection was closed; counted per reason, and not logged as an error. */
export class CloseReason extends Error {}

/** A protocol's stream splitter: complete frames out, the bytes of an unfinished one kept. */
export interface StreamFramer<F> {
  push(chunk: Buffer): F[];
  readonly buffered: number;
}

export interface ConnectionWords {
  /** The counted reason for bytes the framer refuses ('error' when the failure is not a ProtocolError). */
  framing: (code: string) => string;
  /** The counted reasons for a row the database refuses, and for any other failure while handling. */
  unstorable: string;
  storeFailed: string;
  /** The log line for a close. */
  closed: string;
}

/**
 * What every device TCP conversation shares: the frames of one read are handled in order after
 * those of the reads before, with the socket paused meanwhile (so a device cannot make us buffer
 * without bound); the login/frame/idle times the listener's sweep reads; one command in flight;
 * and one close that counts its reason, cancels the command and unregisters the unit.
 */
export abstract class TcpDeviceConnection<F> implements CommandChannel {
  unit: KnownUnit | undefined;
  imei: string | undefined;
  readonly openedAt = Date.now();
  lastDataAt = Date.now();
  partialSince: number | null = null;
  protected readonly command = new PendingCommand();
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    readonly socket: net.Socket,
    protected readonly deps: IngestDeps,
    private readonly framer: StreamFramer<F>,
    private readonly words: ConnectionWords,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
  }

  /** Handles the frames of one read; a thrown CloseReason closes the connection with its message. */
  protected abstract handleRead(frames: F[]): Promise<void>;

  /** Handles frames one after another, stopping once the connection is closed. */
  protected async inTurn(frames: F[], handle: (frame: F) => Promise<void>): Promise<void> {
    for (const frame of frames) {
      if (this.closed) return;
      await handle(frame);
    }
  }

  abstract sendCommand(text: string, timeoutMs: number): Promise<string>;

  private onData(chunk: Buffer): void {
    this.lastDataAt = Date.now();
    let frames: F[];
    try {
      frames = this.framer.push(chunk);
    } catch (err) {
      this.close(this.words.framing(err instanceof ProtocolError ? err.code : 'error'), err);
      return;
    }
    this.partialSince = this.framer.buffered > 0 ? (this.partialSince ?? Date.now()) : null;
    if (frames.length === 0) return;
    this.socket.pause();
    this.chain = this.chain
      .then(async () => {
        await this.handleRead(frames);
        if (!this.closed) this.socket.resume();
      })
      .catch((err: unknown) => this.close(
        err instanceof CloseReason ? err.message : err instanceof UnstorableRowError ? this.words.unstorable : this.words.storeFailed, err));
  }

  close(reason: string, err?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    this.deps.stats.closed(reason);
    if (reason !== 'peer-closed') {
      this.deps.log.info({ reason, imei: this.imei, address: this.socket.remoteAddress, err: err instanceof Error && !(err instanceof CloseReason) ? err.message : undefined }, this.words.closed);
    }
    this.command.cancel();
    if (this.unit) this.deps.commands.unregister(this.unit.unitId, this);
    this.socket.end();
    this.socket.destroySoon();
    setTimeout(() => this.socket.destroy(), 2000).unref();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
