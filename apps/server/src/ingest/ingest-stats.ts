/** How far a log processor is behind the log's horizon. */
export interface ProcessorLagView {
  cursor: string;
  horizon: string;
  rowsBehind: number;
  secondsBehind: number;
  lastRunAt: string | null;
}

/** Counters of the device listeners, read by the ingest status call and the benchmarks. */
export class IngestStats {
  connectionsOpen = 0;
  connectionsTotal = 0;
  recordsAccepted = 0;
  packetsAccepted = 0;
  /** Records stored flagged implausible (acknowledged, kept, never live state). */
  recordsFlagged = 0;
  readonly closedBecause = new Map<string, number>();
  /** The log processors' lag behind the horizon, by processor (set by the ingest). */
  processorLag: () => Record<string, ProcessorLagView> = () => ({});

  /** One packet's records stored (and acknowledged), some perhaps flagged implausible. */
  accepted(rows: ReadonlyArray<{ implausible: string | null }>): void {
    this.packetsAccepted += 1;
    this.recordsAccepted += rows.length;
    for (const r of rows) if (r.implausible !== null) this.recordsFlagged += 1;
  }

  closed(reason: string): void {
    this.closedBecause.set(reason, (this.closedBecause.get(reason) ?? 0) + 1);
  }

  snapshot() {
    return {
      connectionsOpen: this.connectionsOpen,
      connectionsTotal: this.connectionsTotal,
      recordsAccepted: this.recordsAccepted,
      packetsAccepted: this.packetsAccepted,
      recordsFlagged: this.recordsFlagged,
      closedBecause: Object.fromEntries(this.closedBecause),
      processors: this.processorLag(),
    };
  }
}
