import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { parseStatesParam, showStatesOnFleet, STATE_PARAM } from '../model/fleet-view.ts';

/**
 * fleet?state=alarm (a dashboard tile): shows those states in the fleet view, then takes the
 * parameter off the address so the chips are free to change it (Back still returns to the tile).
 */
export function useStatesParam(): void {
  const [params, setParams] = useSearchParams();
  const value = params.get(STATE_PARAM);
  useEffect(() => {
    if (value === null) return;
    const states = parseStatesParam(value);
    if (states) showStatesOnFleet(states);
    setParams(
      (p) => {
        p.delete(STATE_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [value, setParams]);
}
