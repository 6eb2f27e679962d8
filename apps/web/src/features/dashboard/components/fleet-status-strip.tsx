import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import { StateMark } from '../../../shared/vehicles/state-mark.tsx';
import { countStates, STATE_COLOUR, stateLabelKey, VEHICLE_STATES } from '../../../shared/vehicles/vehicle-states.ts';
import { fleetStatesPath, vehiclesQuery } from '../../fleet/index.ts';
import classes from './dashboard.module.css';

/** The dashboard is not on the live socket: it asks for the vehicles again this often. */
const STATUS_REFRESH_MS = 30_000;

/**
 * How many of the site's vehicles are in each state, in the map's colours and marks (the one
 * vocabulary); each tile opens the fleet view showing only those vehicles.
 */
export function FleetStatusStrip({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const vehicles = useQuery({ ...vehiclesQuery(siteId), refetchInterval: STATUS_REFRESH_MS });
  const now = useNow().getTime();
  const counts = vehicles.data ? countStates(vehicles.data, now) : null;
  return (
    <section aria-labelledby="fleet-status-title" className={classes.section} data-testid="fleet-status">
      <h2 id="fleet-status-title" className={classes.heading}>
        {t('dashboard.fleetStatus')}
      </h2>
      <Text size="xs" c="gray.7" mb={6}>
        {t('dashboard.fleetStatusHint')}
      </Text>
      {vehicles.isError ? (
        <ErrorState error={vehicles.error} onRetry={() => void vehicles.refetch()} />
      ) : (
        <ul className={classes.strip} aria-busy={counts === null} aria-label={counts === null ? t('dashboard.fleetLoading') : undefined}>
          {VEHICLE_STATES.map((state) => {
            const word = t(stateLabelKey(state));
            const count = counts?.[state];
            return (
              <li key={state}>
                <Link
                  to={fleetStatesPath([state])}
                  className={classes.stateTile}
                  data-state={state}
                  data-raised={state === 'alarm' && (count ?? 0) > 0 ? true : undefined}
                  style={{ '--state-colour': STATE_COLOUR[state] } as CSSProperties}
                >
                  <StateMark state={state} size={22} />
                  <span className={classes.stateCount} data-count>
                    {count === undefined ? <Skeleton height={22} width={32} aria-hidden /> : count}
                  </span>
                  <span className={classes.stateWord}>
                    {word}
                    <span className={classes.srOnly}>{t('dashboard.stateTileMore')}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {vehicles.data?.length === 0 && (
        <Text size="sm" c="gray.7" mt={6}>
          {t('dashboard.noVehicles')}
        </Text>
      )}
    </section>
  );
}
