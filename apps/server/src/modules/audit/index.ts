/**
 * The audit module's door (issue 15): `auditRepository(pool)` writes the append-only audit log
 * (changes made through the administration pages, and permission refusals); every module that
 * changes something through those pages records it here.
 */
export { auditRepository, withoutSecrets, type AuditActor, type AuditChange, type AuditLog } from './audit.repository.ts';
export { auditReader, type AuditReader } from './audit-read.ts';
export { auditRoutes } from './audit.routes.ts';
