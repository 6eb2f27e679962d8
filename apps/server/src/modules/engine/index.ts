/** The engine module's door (issue 16): its calls and the read model the live feed uses. */
export { engineRoutes } from './engine.routes.ts';
export { engineRepository } from './engine.repository.ts';
export { engineService, type EngineService } from './engine.service.ts';
