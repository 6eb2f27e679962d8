import { useTranslation } from 'react-i18next';
import { StateMark } from '../../../shared/vehicles/state-mark.tsx';
import { VEHICLE_STATES, stateLabelKey, type VehicleState } from '../../../shared/vehicles/vehicle-states.ts';
import classes from './vehicle-list.module.css';

interface StatusChipsProps {
  counts: Readonly<Record<VehicleState, number>> | null;
  chosen: readonly VehicleState[];
  onChange(states: VehicleState[]): void;
}

/**
 * One chip per state with its live count; a chip pressed shows only vehicles in that state (several
 * may be pressed; none pressed shows all). The counts are the group's and search's, before this filter.
 */
export function StatusChips({ counts, chosen, onChange }: StatusChipsProps) {
  const { t } = useTranslation();
  const toggle = (state: VehicleState) =>
    onChange(VEHICLE_STATES.filter((s) => (s === state ? !chosen.includes(s) : chosen.includes(s))));
  return (
    <div role="group" aria-label={t('fleet.triage.chipsLabel')} className={classes.chips} data-testid="status-chips">
      {VEHICLE_STATES.map((state) => (
        <button
          key={state}
          type="button"
          className={classes.chip}
          data-state={state}
          aria-pressed={chosen.includes(state)}
          disabled={counts === null}
          title={state === 'stale' ? t('vehicleState.staleHint') : undefined}
          onClick={() => toggle(state)}
        >
          <StateMark state={state} />
          <span>{t(stateLabelKey(state))}</span>
          <span className={classes.chipCount} data-count>
            {counts ? counts[state] : '–'}
          </span>
        </button>
      ))}
      {chosen.length > 0 && (
        <button type="button" className={`${classes.chip} ${classes.chipReset}`} onClick={() => onChange([])}>
          {t('fleet.triage.allStates')}
        </button>
      )}
    </div>
  );
}
