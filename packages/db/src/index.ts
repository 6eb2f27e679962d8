export * as schema from './schema.ts';
export * from './connection.ts';
export * from './embedded.ts';
export * from './partitions.ts';
export * from './migration-state.ts';
export * from './partition-indexes.ts';
