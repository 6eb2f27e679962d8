/** The config module's door: declarative configuration lists (first: 'vcls') and their four calls. */
export { configRoutes } from './config.routes.ts';
export { defineConfigList, type AnyConfigList, type ConfigContext, type ConfigListSpec } from './registry.ts';
export { queryRows, type QueryColumn } from './list-query.ts';
export { vclsConfigList } from './vcls-list.ts';
export { bulkRoutes } from './bulk.routes.ts';
