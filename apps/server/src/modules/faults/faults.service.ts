import { describeFault, type FaultEpisode } from '@fleet/shared';
import type { FaultRow } from './faults.repository.ts';

/** An episode as the calls answer it: the code in words from the shared catalogue (describeFault). */
export function faultEpisode(r: FaultRow): FaultEpisode {
  const d = describeFault(r.code);
  return {
    id: Number(r.id), uid: r.unit_id, vehicle: r.registration, code: r.code, spn: r.spn, fmi: r.fmi, text: d.text, severity: d.severity,
    first: r.first_at.toISOString(), last: r.last_at.toISOString(), ended: r.ended_at ? r.ended_at.toISOString() : null,
    active: r.ended_at === null, aid: r.alert_id === null ? null : Number(r.alert_id),
    cleared: r.cleared_at ? r.cleared_at.toISOString() : null, clearedby: r.cleared_by,
  };
}

const RANK = { critical: 0, warning: 1, info: 2 } as const;

/** The order the lists show: still reported first, the most severe first among them, then newest first. */
export function byUrgency(a: FaultEpisode, b: FaultEpisode): number {
  return Number(b.active) - Number(a.active) || (a.active ? RANK[a.severity] - RANK[b.severity] : 0) || Date.parse(b.first) - Date.parse(a.first) || b.id - a.id;
}
