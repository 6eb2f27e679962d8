/** Counters of the device listeners, read by the ingest status call and the benchmarks. */
export class IngestStats {
  connectionsOpen = 0;
  connectionsTotal = 0;
  recordsAccepted = 0;
  packetsAccepted = 0;
  readonly closedBecause = new Map<string, number>();

  closed(reason: string): void {
    this.closedBecause.set(reason, (this.closedBecause.get(reason) ?? 0) + 1);
  }

  snapshot() {
    return {
      connectionsOpen: this.connectionsOpen,
      connectionsTotal: this.connectionsTotal,
      recordsAccepted: this.recordsAccepted,
      packetsAccepted: this.packetsAccepted,
      closedBecause: Object.fromEntries(this.closedBecause),
    };
  }
}
