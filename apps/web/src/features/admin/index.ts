// What other features compose: the service plan section of a vehicle's details.
export { ServicePlanSection } from './components/service-plan-section.tsx';
