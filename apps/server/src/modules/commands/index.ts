/** The commands module's door: sending commands to devices, and the command log. */
export { commandsRoutes } from './commands.routes.ts';
export { commandsService, type CommandsService } from './commands.service.ts';
export { commandsRepository } from './commands.repository.ts';
