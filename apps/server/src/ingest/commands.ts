/** A live connection that can carry a Codec 12 command. */
export interface CommandChannel {
  sendCommand(text: string, timeoutMs: number): Promise<string>;
  /** Ends the connection (a TCP device's), counting `reason`. */
  close?(reason: string): void;
}

/** Live device connections by unit id, so API calls can send commands to a device. */
export class CommandRegistry {
  private readonly live = new Map<number, CommandChannel>();
  private readonly listeners = new Set<(unitId: number, online: boolean) => void>();

  register(unitId: number, channel: CommandChannel): void {
    const before = this.live.get(unitId);
    this.live.set(unitId, channel);
    // A new connection is news even while an older one is still open here (a device that reconnected
    // before the server saw its old connection go): the api nodes may have seen the unit on another
    // ingest node meanwhile and would send its commands there (issue 17).
    if (before !== channel) this.tell(unitId, true);
  }

  unregister(unitId: number, channel: CommandChannel): void {
    if (this.live.get(unitId) !== channel) return;
    this.live.delete(unitId);
    this.tell(unitId, false);
  }

  /** Calls back when a unit's connection comes or goes here (issue 17: its address on the bus); returns the function that stops it. */
  onPresence(listener: (unitId: number, online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** The units with a live connection here. */
  online(): number[] {
    return [...this.live.keys()];
  }

  private tell(unitId: number, online: boolean): void {
    for (const l of this.listeners) l(unitId, online);
  }

  /** Closes the unit's live connection, if any (issue 15: a unit taken off its site stops reporting as it). */
  drop(unitId: number, reason: string): void {
    this.live.get(unitId)?.close?.(reason);
  }

  isOnline(unitId: number): boolean {
    return this.live.has(unitId);
  }

  /** The device's reply; throws Error('offline' | 'timeout' | 'busy'). */
  send(unitId: number, text: string, timeoutMs: number): Promise<string> {
    const channel = this.live.get(unitId);
    if (!channel) return Promise.reject(new Error('offline'));
    return channel.sendCommand(text, timeoutMs);
  }
}

/**
 * The one command a channel may have in flight: started with a timeout, answered by the device's
 * reply, or cancelled as 'offline' when the channel goes away. A tag (e.g. Queclink's GTxxx name)
 * makes only the reply with the same tag count as the answer.
 */
export class PendingCommand {
  private current: { tag: string; resolve: (reply: string) => void; reject: (err: Error) => void; timer: NodeJS.Timeout } | undefined;

  get busy(): boolean {
    return this.current !== undefined;
  }

  /** Waits for the reply after `send` puts the command on the wire; rejects 'busy' or 'timeout'. */
  start(timeoutMs: number, send: () => void, tag = ''): Promise<string> {
    if (this.current) return Promise.reject(new Error('busy'));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.current = undefined;
        reject(new Error('timeout'));
      }, timeoutMs);
      this.current = { tag, resolve, reject, timer };
      send();
    });
  }

  /** A reply arrived; true when it answered the command in flight. */
  answer(text: string, tag = ''): boolean {
    if (this.current?.tag !== tag) return false;
    const { resolve, timer } = this.current;
    clearTimeout(timer);
    this.current = undefined;
    resolve(text);
    return true;
  }

  /** The channel is gone: the command in flight is told the device went offline. */
  cancel(): void {
    if (!this.current) return;
    clearTimeout(this.current.timer);
    this.current.reject(new Error('offline'));
    this.current = undefined;
  }
}
