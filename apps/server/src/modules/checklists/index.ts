/** The checklists module's door: check list templates, signed-off check lists, their faults and the office's handling. */
export { checklistsRoutes, type ChecklistEvents } from './checklists.routes.ts';
export { checklistsRepository, type ChecklistsRepository } from './checklists.repository.ts';
export { seedDemoChecklists } from './demo-seed.ts';
