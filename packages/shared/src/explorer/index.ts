export * from './explorer.schema.ts';
export * from './downsample.ts';
export * from './rollup.ts';
