// What the fleet page composes: the Drivers tab of its side panel.
export { DriversPanel } from './components/drivers-panel.tsx';
