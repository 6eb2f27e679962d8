import { DrawingSvg } from './drawing-svg.tsx';
import { stateBadge, type VehicleState } from './vehicle-states.ts';

const MARKS = {
  driving: stateBadge('driving'),
  idling: stateBadge('idling'),
  stopped: stateBadge('stopped'),
  stale: stateBadge('stale'),
  alarm: stateBadge('alarm'),
} as const;

/** A state's round mark (its colour and shape), as on the map's markers; decorative: say the word beside it. */
export function StateMark({ state, size = 14 }: { state: VehicleState; size?: number }) {
  return <DrawingSvg drawing={MARKS[state]} size={size} />;
}
