/**
 * The assets module's door (issue 16): the assets page's calls, and the allowed hours and place of
 * asset trackers that the events processor judges an Asset Movement by.
 */
export { assetsRoutes } from './assets.routes.ts';
export { assetRulesOfUnits, assetsRepository, type AssetsRepository } from './assets.repository.ts';
export { assetsService, type AssetsService } from './assets.service.ts';
