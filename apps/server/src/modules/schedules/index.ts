/** The schedules module's door (issue 14): scheduled reports' calls, and the run state machine the scheduler job drives. */
export { schedulesRoutes } from './schedules.routes.ts';
export { schedulesRepository, type SchedulesRepository } from './schedules.repository.ts';
export { schedulesService, type SchedulesService } from './schedules.service.ts';
export { OUTCOME_UNKNOWN, scheduleRunsRepository, type RunJob, type ScheduleRunsRepository } from './schedule-runs.repository.ts';
export { frequencyOf } from './schedules.repository.ts';
export { scheduledReportsConfigList } from './schedules-list.ts';
