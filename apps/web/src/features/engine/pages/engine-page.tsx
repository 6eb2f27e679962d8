import { useParams } from 'react-router';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useLiveEngine } from '../hooks/use-live-engine.ts';
import { FleetEngineView } from './fleet-engine-view.tsx';
import { VehicleEngineView } from './vehicle-engine-view.tsx';

/** fleetfmsv: the fleet's engine data; fleetfmsv/:mid: one vehicle's. Both follow the site's socket. */
export default function EnginePage() {
  const { mid } = useParams();
  const user = useSessionUser();
  useLiveEngine(user?.siteid ?? null, user?.token);
  return mid === undefined ? <FleetEngineView /> : <VehicleEngineView mid={mid} />;
}
