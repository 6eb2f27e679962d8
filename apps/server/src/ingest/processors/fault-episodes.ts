import { describeFault } from '@fleet/shared';

// Fault episodes (issue 16): a fault code's stretch of reports on one unit, from the report where
// it appeared to the first report whose fault list (the element present) no longer holds it. A
// report without the element says nothing about faults: the episode neither ends nor advances.
// The events processor raises one spn alert where episodes open (one per report: the alert's
// unique key is its position) and keeps the episodes in unit_faults (events-store.ts).

/** What a batch did to one episode; `opened`: it began in this batch at `from`, else it was open before and `from` is its first report here. */
export interface FaultEpisodeChange {
  unitId: number;
  siteId: number;
  code: string;
  spn: number | null;
  fmi: number | null;
  opened: boolean;
  /** Device time, ms, and the position of the episode's first report in this batch. */
  from: number;
  fromPositionId: string;
  /** The latest report of this batch that held the code, ms; null: none did (an episode open before the batch, ended at its first report here). */
  last: number | null;
  /** The first report whose list no longer held it, ms; null: still reported at the batch's end. */
  ended: number | null;
}

/** One report of a unit as the episodes see it: `listed` null when the report does not carry the fault element. */
export interface FaultReport {
  unitId: number;
  siteId: number;
  t: number;
  positionId: string;
  listed: readonly string[] | null;
}

/**
 * Follows a batch's fault episodes. Fed each plausible report in log order with the codes the unit
 * had active before it (the events memory), it tells which codes opened an episode there and, at
 * the end, every episode the batch opened, advanced or ended.
 */
export class FaultEpisodes {
  /** Episodes still open, by unit then code. */
  private readonly open = new Map<number, Map<string, FaultEpisodeChange>>();
  private readonly done: FaultEpisodeChange[] = [];

  /** The codes of `r` that open an episode (not in `active`); advances those that continue and ends those gone. */
  report(r: FaultReport, active: readonly string[]): string[] {
    if (r.listed === null) return [];
    const mine = this.open.get(r.unitId) ?? new Map<string, FaultEpisodeChange>();
    this.open.set(r.unitId, mine);
    const fresh: string[] = [];
    for (const code of new Set(r.listed)) {
      const known = active.includes(code);
      const episode = mine.get(code);
      if (episode) episode.last = Math.max(episode.last ?? r.t, r.t);
      else {
        const { spn, fmi } = describeFault(code);
        mine.set(code, { unitId: r.unitId, siteId: r.siteId, code, spn, fmi, opened: !known, from: r.t, fromPositionId: r.positionId, last: r.t, ended: null });
      }
      if (!known) fresh.push(code);
    }
    for (const code of active) {
      if (r.listed.includes(code)) continue;
      const episode = mine.get(code);
      const { spn, fmi } = describeFault(code);
      // Open before this batch and not reported in it until now: it ends here, its last report is before the batch.
      this.done.push(episode ? { ...episode, ended: r.t } : {
        unitId: r.unitId, siteId: r.siteId, code, spn, fmi, opened: false, from: r.t, fromPositionId: r.positionId, last: null, ended: r.t,
      });
      mine.delete(code);
    }
    return fresh;
  }

  /** Every episode the batch touched: those ended, then those still open, in the order they were met. */
  changes(): FaultEpisodeChange[] {
    return [...this.done, ...[...this.open.values()].flatMap((m) => [...m.values()])];
  }
}
