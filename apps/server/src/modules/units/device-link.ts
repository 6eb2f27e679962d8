/** What the API needs of the device side: command channel, presence, counters, cache control. */
export interface DeviceLink {
  send(unitId: number, text: string, timeoutMs: number): Promise<string>;
  isOnline(unitId: number): boolean;
  forget(deviceId: string): void;
  stats(): {
    connectionsOpen: number; connectionsTotal: number; recordsAccepted: number; packetsAccepted: number;
    closedBecause: Record<string, number>;
  };
}
