/** The admin module's door: the mail outbox viewer. */
export { adminRoutes } from './admin.routes.ts';
