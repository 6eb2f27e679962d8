/** A live connection that can carry a Codec 12 command. */
export interface CommandChannel {
  sendCommand(text: string, timeoutMs: number): Promise<string>;
}

/** Live device connections by unit id, so API calls can send commands to a device. */
export class CommandRegistry {
  private readonly live = new Map<number, CommandChannel>();

  register(unitId: number, channel: CommandChannel): void {
    this.live.set(unitId, channel);
  }

  unregister(unitId: number, channel: CommandChannel): void {
    if (this.live.get(unitId) === channel) this.live.delete(unitId);
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
