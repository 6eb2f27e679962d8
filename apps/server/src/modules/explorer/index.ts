/** The explorer module's door (issue 16): a vehicle's IO values charted over any range, its raw records and their CSV. */
export { explorerRoutes } from './explorer.routes.ts';
export { explorerRepository, type ExplorerRepository } from './explorer.repository.ts';
