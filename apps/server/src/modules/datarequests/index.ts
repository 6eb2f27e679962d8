/** The data requests module's door (issue 14): its routes and its tables' repository (the runner in jobs/ uses it). */
export { dataRequestsRoutes, type DataRequestJobs } from './datarequests.routes.ts';
export { dataRequestsRepository, type DataRequestsRepository, type DataRequestRow, type Actor, SYSTEM } from './datarequests.repository.ts';
export { writeDataExport, type ExportPlan, type ExportResult } from './datarequests.export.ts';
export { exportReadme, EXPORT_FILES } from './datarequests.files.ts';
