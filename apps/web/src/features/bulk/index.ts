// The bulk feature's door (issue 15, items 7 and 8): the audit log page, the import and export page, and the export buttons.
/** For the config page: config/audit, the audit log (its own chunk). */
export const loadAuditPage = () => import('./pages/audit-page.tsx');
/** For the config page: config/import, import and export of the configuration lists (its own chunk). */
export const loadImportPage = () => import('./pages/import-page.tsx');
/** The config index's cards for those two pages. */
export { AuditLogCard, BulkImportCard } from './components/bulk-cards.tsx';
/** CSV and XLSX export buttons for a configuration list (the generic editor's toolbar slot). */
export { ExportListButtons, type ExportListButtonsProps } from './components/export-list-buttons.tsx';
